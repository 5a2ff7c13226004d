import type { StoredMessage } from '@drawbridge/protocol';
import { type RunEvent, replySegments, runEvents } from '@drawbridge/protocol';
import { describe, expect, it } from 'vitest';
import { transcriptFromStored } from './transcript-from-stored.ts';
import { transcriptReducer } from './transcript-reducer.ts';
import {
  emptyTranscript,
  type TranscriptMessage,
  type TranscriptState,
  transcriptWidgetSource,
} from './transcript-state.ts';

describe('transcriptFromStored', () => {
  it('restores prose, widgets and rendered tool calls as one reply, and drops tool results', () => {
    const messages = transcriptFromStored([
      { id: 'u1', threadId: 't', role: 'user', content: 'Show a cube', createdAt: '2025-01-01T00:00:00Z' },
      {
        id: 'a1',
        threadId: 't',
        role: 'assistant',
        content: 'Here it is.',
        createdAt: '2025-01-01T00:00:01Z',
        widget: { id: 'w1', height: 300, css: 'a{}', html: '<canvas></canvas>', js: 'x()', complete: true },
      },
      {
        id: 'a2',
        threadId: 't',
        role: 'assistant',
        content: '',
        createdAt: '2025-01-01T00:00:02Z',
        toolCallId: 'call-1',
        render: { tool: 'render_table', args: { rows: [] } },
      },
      { id: 't1', threadId: 't', role: 'tool', content: 'Displayed.', createdAt: '2025-01-01T00:00:03Z' },
    ]);
    expect(messages.map((message) => [message.id, message.parts.map((part) => part.kind)])).toEqual([
      ['u1', ['prose']],
      ['a1', ['prose', 'widget', 'tool-call']],
    ]);
    const widgetPart = messages[1]?.parts[1];
    if (widgetPart?.kind !== 'widget') throw new Error('the restored message lost its widget');
    const { widget } = widgetPart;
    expect(widget).toMatchObject({ id: 'w1', height: 300, complete: true, lastPart: 'end', markupBytes: 17 });
    // Replayed as parts, the way a live widget reaches its frame.
    expect(widget.parts.all()).toEqual([
      { part: 'height', delta: '300' },
      { part: 'css', delta: 'a{}' },
      { part: 'html', delta: '<canvas></canvas>' },
      { part: 'js', delta: 'x()' },
      { part: 'end', delta: '' },
    ]);
    expect(transcriptWidgetSource(widget)).toEqual({
      css: 'a{}',
      html: '<canvas></canvas>',
      js: 'x()',
    });
    expect(messages[1]?.parts[2]).toEqual({
      kind: 'tool-call',
      call: { toolCallId: 'call-1', toolCallName: 'render_table', argsJson: '{"rows":[]}', complete: true },
    });
  });

  const at = (second: number) => `2025-01-01T00:00:${String(second).padStart(2, '0')}Z`;

  it('keeps the segments of one reply in one bubble, in order, and starts a new one after each user message', () => {
    const messages = transcriptFromStored([
      { id: 'u1', threadId: 't', role: 'user', content: 'Draw two', createdAt: at(0) },
      {
        id: 'a1',
        threadId: 't',
        role: 'assistant',
        content: 'First:',
        createdAt: at(1),
        widget: { id: 'w1', height: null, css: '', html: '<p>1</p>', js: '', complete: true },
      },
      {
        id: 'a2',
        threadId: 't',
        role: 'assistant',
        content: 'Then a table.',
        createdAt: at(2),
      },
      {
        id: 'c1',
        threadId: 't',
        role: 'assistant',
        content: '',
        createdAt: at(3),
        toolCallId: 'call-1',
        render: { tool: 'render_table', args: {} },
      },
      { id: 'a3', threadId: 't', role: 'assistant', content: 'Done.', createdAt: at(4) },
      { id: 'u2', threadId: 't', role: 'user', content: 'Thanks', createdAt: at(5) },
      { id: 'a4', threadId: 't', role: 'assistant', content: 'You are welcome.', createdAt: at(6) },
    ]);
    expect(
      messages.map((message) => [
        message.id,
        message.parts.map((part) => (part.kind === 'prose' ? part.text : part.kind)),
      ]),
    ).toEqual([
      ['u1', ['Draw two']],
      ['a1', ['First:', 'widget', 'Then a table.', 'tool-call', 'Done.']],
      ['u2', ['Thanks']],
      ['a4', ['You are welcome.']],
    ]);
  });

  it('marks a form as sent, with its answers, when a user message answered it', () => {
    const form = (id: string, toolCallId: string) => ({
      id,
      threadId: 't',
      role: 'assistant' as const,
      content: '',
      createdAt: at(1),
      toolCallId,
      render: { tool: 'render_form', args: {} },
    });
    const messages = transcriptFromStored([
      { id: 'u1', threadId: 't', role: 'user', content: 'Ask me', createdAt: at(0) },
      form('c1', 'form-1'),
      form('c2', 'form-2'),
      {
        id: 'u2',
        threadId: 't',
        role: 'user',
        content: 'Here are my answers',
        createdAt: at(2),
        formAnswers: { toolCallId: 'form-2', values: { rating: 4 } },
      },
    ]);
    const calls = messages[1]?.parts.flatMap((part) => (part.kind === 'tool-call' ? [part.call] : []));
    expect(calls?.map((call) => [call.toolCallId, call.sentAnswers])).toEqual([
      ['form-1', undefined],
      ['form-2', { rating: 4 }],
    ]);
    expect(messages[2]).toMatchObject({ id: 'u2', role: 'user' });
  });

  it('keeps the files a user message carried on it, also when it carried no text', () => {
    const image = { id: 'f1', name: 'photo.png', mediaType: 'image/png' as const, size: 2048 };
    const messages = transcriptFromStored([
      { id: 'u1', threadId: 't', role: 'user', content: '', createdAt: at(0), attachments: [image] },
      { id: 'a1', threadId: 't', role: 'assistant', content: 'A photo.', createdAt: at(1) },
    ]);
    expect(messages[0]).toMatchObject({ id: 'u1', role: 'user', attachments: [image] });
    expect(messages[1]).not.toHaveProperty('attachments');
  });

  it("keeps a stored reply's model and token counts on its bubble, from the reply's last segment", () => {
    const reply = { model: 'gpt-test', inputTokens: 5, outputTokens: null };
    const messages = transcriptFromStored([
      { id: 'u1', threadId: 't', role: 'user', content: 'Draw it', createdAt: at(0) },
      {
        id: 'a1',
        threadId: 't',
        role: 'assistant',
        content: 'Here:',
        createdAt: at(1),
        widget: { id: 'w1', height: null, css: '', html: '<p>1</p>', js: '', complete: true },
      },
      { id: 'a2', threadId: 't', role: 'assistant', content: 'Done.', createdAt: at(2), reply },
      { id: 'u2', threadId: 't', role: 'user', content: 'Thanks', createdAt: at(3) },
      { id: 'a3', threadId: 't', role: 'assistant', content: 'Welcome.', createdAt: at(4), reply },
    ]);
    expect(messages.map((message) => [message.id, message.reply])).toEqual([
      ['u1', undefined],
      ['a1', reply],
      ['u2', undefined],
      ['a3', reply],
    ]);
  });

  it('draws a reloaded reply as the live run drew it: the store keeps what the same reducer folded', () => {
    const messageId = 'm1';
    const widget = (widgetId: string, part: 'height' | 'css' | 'html' | 'js' | 'end', delta = '') =>
      runEvents.widgetPart({ widgetId, part, delta });
    const revision = { of: 'w0', number: 2, baseId: 'w0' };
    const beforeCall: RunEvent[] = [
      runEvents.textStart({ messageId }),
      runEvents.textContent({ messageId, delta: 'A chart, ' }),
      runEvents.textContent({ messageId, delta: 'then a table.\n' }),
      runEvents.widgetSnapshot({ widgetId: 'w1' }),
      widget('w1', 'height', '2'),
      widget('w1', 'height', '40'),
      widget('w1', 'css', '.c{color:red}'),
      widget('w1', 'html', '<div class="c">'),
      widget('w1', 'html', 'é</div>'),
      widget('w1', 'end'),
      runEvents.textContent({ messageId, delta: 'Now the table:' }),
    ];
    const call: RunEvent[] = [
      runEvents.toolCallStart({
        toolCallId: 'call-1',
        toolCallName: 'render_table',
        parentMessageId: messageId,
      }),
      runEvents.toolCallArgs({ toolCallId: 'call-1', delta: '{"rows":' }),
      runEvents.toolCallArgs({ toolCallId: 'call-1', delta: '[]}' }),
      runEvents.toolCallEnd({ toolCallId: 'call-1' }),
      runEvents.parkedCall({ toolCallId: 'call-1' }),
      runEvents.toolCallResult({
        messageId: 'tool-1',
        toolCallId: 'call-1',
        content: 'Displayed the table.',
      }),
    ];
    const afterCall: RunEvent[] = [
      runEvents.textContent({ messageId, delta: 'And bluer:\n' }),
      runEvents.widgetSnapshot({
        widgetId: 'w2',
        revision,
        parts: [{ part: 'css', delta: '.c{color:red}', replace: true }],
      }),
      runEvents.widgetPart({ widgetId: 'w2', part: 'css', delta: '.c{color:blue}', replace: true }),
      widget('w2', 'end'),
      runEvents.textEnd({ messageId }),
      runEvents.reply({ messageId, model: 'demo', inputTokens: 12, outputTokens: 345 }),
    ];
    const fold = (events: RunEvent[], state: TranscriptState) =>
      events.reduce((folded, event) => transcriptReducer(folded, { type: 'run-event', event }), state);
    const beforeTheCall = fold(
      beforeCall,
      transcriptReducer(emptyTranscript, { type: 'user-message', id: 'u1', text: 'Draw' }),
    );
    const live = fold([...call, ...afterCall], beforeTheCall);
    // What the server stores: the reply's segments as the shared reducer cuts them, the drawn call's carrier
    // after those stored before the call was announced (the browser confirmed it before the run went on),
    // the details on the last.
    const liveReply = live.messages[1]!;
    const segments = replySegments(liveReply);
    const storedBeforeCall = replySegments(beforeTheCall.messages[1]!).length;
    const asStored = (segment: (typeof segments)[number], second: number): StoredMessage => ({
      ...segment,
      threadId: 't',
      role: 'assistant',
      createdAt: at(second),
      ...(segment === segments.at(-1) ? { reply: liveReply.reply! } : {}),
    });
    const stored: StoredMessage[] = [
      { id: 'u1', threadId: 't', role: 'user', content: 'Draw', createdAt: at(0) },
      ...segments.slice(0, storedBeforeCall).map((segment, index) => asStored(segment, 1 + index)),
      {
        id: 'carrier',
        threadId: 't',
        role: 'assistant',
        content: '',
        createdAt: at(2),
        toolCallId: 'call-1',
        render: { tool: 'render_table', args: { rows: [] } },
      },
      ...segments.slice(storedBeforeCall).map((segment, index) => asStored(segment, 10 + index)),
    ];
    /** A message as a reader sees it: widgets by their source and facts, calls without the run's answer. */
    const drawn = (message: TranscriptMessage) => ({
      ...message,
      parts: message.parts.map((part) => {
        if (part.kind === 'widget') {
          const { parts: _deltas, ...facts } = part.widget;
          return { kind: 'widget', widget: { ...facts, ...transcriptWidgetSource(part.widget) } };
        }
        if (part.kind === 'tool-call') {
          const { result: _answer, ...call } = part.call;
          return {
            kind: 'tool-call',
            call: { ...call, argsJson: JSON.stringify(JSON.parse(call.argsJson)) },
          };
        }
        return part;
      }),
    });
    expect(transcriptFromStored(stored).map(drawn)).toEqual(live.messages.map(drawn));
  });
});
