import { describe, expect, it } from 'vitest';
import { transcriptFromStored } from './transcript-from-stored.ts';
import { transcriptWidgetSource } from './transcript-state.ts';

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
});
