import { type RunEvent, runEvents } from '@drawbridge/protocol';
import { describe, expect, it } from 'vitest';
import { transcriptReducer } from './transcript-reducer.ts';
import {
  emptyTranscript,
  messageProse,
  type TranscriptState,
  type TranscriptWidget,
  transcriptWidgetSource,
} from './transcript-state.ts';

function fold(events: RunEvent[], start: TranscriptState = emptyTranscript): TranscriptState {
  return events.reduce((state, event) => transcriptReducer(state, { type: 'run-event', event }), start);
}

/** The widget at `partIndex` of the first message; fails the test when that part is no widget. */
function widgetOf(state: TranscriptState, partIndex = 0): TranscriptWidget {
  const part = state.messages[0]?.parts[partIndex];
  if (part?.kind !== 'widget') throw new Error(`part ${partIndex} is not a widget`);
  return part.widget;
}

const messageId = 'msg-1';
const widgetId = 'wid-1';
const widgetStart = runEvents.widgetSnapshot({ widgetId });
const widgetPart = (part: 'height' | 'css' | 'html' | 'js' | 'end', delta = '') =>
  runEvents.widgetPart({ widgetId, part, delta });

describe('transcriptReducer', () => {
  it('appends a run that continues a stopped reply to that reply: its prose joins, its widget follows', () => {
    const stopped = fold([
      runEvents.textStart({ messageId }),
      runEvents.textContent({ messageId, delta: 'Once upon a ' }),
      runEvents.reply({ messageId, model: 'demo', inputTokens: 1, outputTokens: 1 }),
    ]);
    const continuing = transcriptReducer(stopped, { type: 'continue-reply', messageId });
    const state = fold(
      [
        runEvents.runStarted({ threadId: 't', runId: 'r2' }),
        runEvents.textStart({ messageId: 'msg-2' }),
        runEvents.textContent({ messageId: 'msg-2', delta: 'time.' }),
        widgetStart,
        widgetPart('end'),
        runEvents.textEnd({ messageId: 'msg-2' }),
        runEvents.reply({ messageId: 'msg-2', model: 'demo', inputTokens: 5, outputTokens: 7 }),
      ],
      continuing,
    );
    expect(state.messages).toHaveLength(1);
    expect(state.messages[0]?.id).toBe(messageId);
    expect(messageProse(state.messages[0]!)).toBe('Once upon a time.');
    expect(state.messages[0]?.parts.map((part) => part.kind)).toEqual(['prose', 'widget']);
    // The details are the continuing run's, as a reload reads them from the reply's last segment.
    expect(state.messages[0]?.reply).toMatchObject({ inputTokens: 5, outputTokens: 7 });
    // The next user message ends the continuation: its reply is a reply of its own.
    const next = fold(
      [
        runEvents.textStart({ messageId: 'msg-3' }),
        runEvents.textContent({ messageId: 'msg-3', delta: 'Hi' }),
      ],
      transcriptReducer(state, { type: 'user-message', id: 'u2', text: 'More' }),
    );
    expect(next.messages.map((message) => message.id)).toEqual([messageId, 'u2', 'msg-3']);
  });

  it('keeps prose before and after a widget as separate parts of one message, in order', () => {
    const state = fold([
      runEvents.runStarted({ threadId: 't', runId: 'r' }),
      runEvents.textStart({ messageId }),
      runEvents.textContent({ messageId, delta: 'Here is ' }),
      runEvents.textContent({ messageId, delta: 'a cube.' }),
      widgetStart,
      widgetPart('height', '4'),
      widgetPart('height', '20'),
      widgetPart('css', 'canvas{'),
      widgetPart('css', 'width:100%}'),
      widgetPart('html', '<canvas>'),
      widgetPart('html', '</canvas>'),
      widgetPart('js', 'stage()'),
      widgetPart('end'),
      runEvents.textContent({ messageId, delta: 'Drag to orbit.' }),
      runEvents.textEnd({ messageId }),
    ]);
    expect(state.messages).toHaveLength(1);
    const [message] = state.messages;
    expect(message?.parts.map((part) => part.kind)).toEqual(['prose', 'widget', 'prose']);
    const widget = widgetOf(state, 1);
    expect(widget).toMatchObject({
      id: widgetId,
      height: 420,
      complete: true,
      lastPart: 'end',
      markupBytes: 17,
    });
    // The parts stay the deltas that arrived, in order, for the frame host to forward as they are.
    expect(widget.parts.all()).toEqual([
      { part: 'height', delta: '4' },
      { part: 'height', delta: '20' },
      { part: 'css', delta: 'canvas{' },
      { part: 'css', delta: 'width:100%}' },
      { part: 'html', delta: '<canvas>' },
      { part: 'html', delta: '</canvas>' },
      { part: 'js', delta: 'stage()' },
      { part: 'end', delta: '' },
    ]);
    expect(transcriptWidgetSource(widget)).toEqual({
      css: 'canvas{width:100%}',
      html: '<canvas></canvas>',
      js: 'stage()',
    });
    expect(messageProse(message!)).toBe('Here is a cube.Drag to orbit.');
  });

  it('records which part arrived last, so the phase line can follow', () => {
    const afterCss = fold([widgetStart, widgetPart('css', 'p{}')]);
    expect(widgetOf(afterCss)?.lastPart).toBe('css');
    expect(widgetOf(fold([widgetPart('html', '<p>')], afterCss))?.lastPart).toBe('html');
    expect(widgetOf(fold([widgetPart('html', '<p>')], afterCss))?.complete).toBe(false);
  });

  it('counts the markup in UTF-8 bytes and reads the height with the shared reader (clamped, px allowed)', () => {
    const state = fold([
      widgetStart,
      widgetPart('height', ' 9000px'),
      widgetPart('html', '<p>é'),
      widgetPart('html', '🌍</p>'),
    ]);
    expect(widgetOf(state)).toMatchObject({ height: 4000, markupBytes: 3 + 2 + 4 + 4, complete: false });
    expect(widgetOf(fold([widgetStart, widgetPart('height', 'auto')])).height).toBeNull();
  });

  it('leaves the earlier state of a widget untouched when a part arrives', () => {
    const before = fold([widgetStart, widgetPart('html', '<p>')]);
    const after = fold([widgetPart('html', 'hi</p>')], before);
    expect(widgetOf(before).parts.all()).toEqual([{ part: 'html', delta: '<p>' }]);
    expect(widgetOf(after).parts.partsAfter(widgetOf(before).parts)).toEqual([
      { part: 'html', delta: 'hi</p>' },
    ]);
  });

  it('accumulates tool-call arguments per toolCallId and marks the call complete at the end', () => {
    const state = fold([
      runEvents.textStart({ messageId }),
      runEvents.toolCallStart({
        toolCallId: 'call-a',
        toolCallName: 'render_table',
        parentMessageId: messageId,
      }),
      runEvents.toolCallStart({
        toolCallId: 'call-b',
        toolCallName: 'render_chart',
        parentMessageId: messageId,
      }),
      runEvents.toolCallArgs({ toolCallId: 'call-a', delta: '{"rows":' }),
      runEvents.toolCallArgs({ toolCallId: 'call-b', delta: '{}' }),
      runEvents.toolCallArgs({ toolCallId: 'call-a', delta: '[]}' }),
      runEvents.toolCallEnd({ toolCallId: 'call-a' }),
    ]);
    const calls = state.messages[0]?.parts.flatMap((part) => (part.kind === 'tool-call' ? [part.call] : []));
    expect(calls).toEqual([
      { toolCallId: 'call-a', toolCallName: 'render_table', argsJson: '{"rows":[]}', complete: true },
      { toolCallId: 'call-b', toolCallName: 'render_chart', argsJson: '{}', complete: false },
    ]);
  });

  it("records a call's result, so a call the server refused before parking can say why", () => {
    const state = fold([
      runEvents.toolCallStart({
        toolCallId: 'call-a',
        toolCallName: 'render_image',
        parentMessageId: messageId,
      }),
      runEvents.toolCallArgs({ toolCallId: 'call-a', delta: '{}' }),
      runEvents.toolCallEnd({ toolCallId: 'call-a' }),
      runEvents.toolCallResult({ messageId: 'tool-1', toolCallId: 'call-a', content: 'Error: refused' }),
      runEvents.toolCallResult({ messageId: 'tool-2', toolCallId: 'call-unknown', content: 'ignored' }),
    ]);
    expect(state.messages).toHaveLength(1);
    expect(state.messages[0]?.parts).toEqual([
      {
        kind: 'tool-call',
        call: {
          toolCallId: 'call-a',
          toolCallName: 'render_image',
          argsJson: '{}',
          complete: true,
          result: 'Error: refused',
        },
      },
    ]);
  });

  it('ignores heartbeats, run info and unknown custom events', () => {
    const before = fold([runEvents.textContent({ messageId, delta: 'hi' })]);
    const after = fold(
      [
        runEvents.heartbeat(1),
        runEvents.runInfo({ model: 'demo', demo: true, runId: 'durable-1' }),
        { type: 'CUSTOM', name: 'someone.else', value: 1 } as RunEvent,
      ],
      before,
    );
    expect(after).toEqual(before);
  });

  it('labels a finished reply with its model and token counts, and ignores them for a message it never saw', () => {
    const details = { model: 'demo', inputTokens: 10, outputTokens: 42 };
    const state = fold([
      runEvents.textContent({ messageId, delta: 'hi' }),
      runEvents.reply({ messageId, ...details }),
      runEvents.reply({ messageId: 'unknown', ...details }),
    ]);
    expect(state.messages).toHaveLength(1);
    expect(state.messages[0]?.reply).toEqual(details);
  });

  it('adds user messages and truncates a failed turn for retry', () => {
    let state = transcriptReducer(emptyTranscript, { type: 'user-message', id: 'u1', text: 'first' });
    state = fold([runEvents.textContent({ messageId: 'a1', delta: 'answer' })], state);
    state = transcriptReducer(state, { type: 'user-message', id: 'u2', text: 'second' });
    state = fold([runEvents.textContent({ messageId: 'a2', delta: 'half' })], state);
    state = transcriptReducer(state, { type: 'truncate-from', messageId: 'u2' });
    expect(state.messages.map((message) => message.id)).toEqual(['u1', 'a1']);
  });

  it('marks a widget as a revision and rebuilds the parts an edit replaced', () => {
    const revision = { of: 'w0', number: 2, baseId: 'w0' };
    const state = fold([
      runEvents.widgetSnapshot({
        widgetId,
        revision,
        parts: [
          { part: 'css', delta: 'a{}', replace: true },
          { part: 'html', delta: '<p>old</p>', replace: true },
        ],
      }),
      runEvents.widgetPart({ widgetId, part: 'css', delta: 'b{', replace: true }),
      runEvents.widgetPart({ widgetId, part: 'css', delta: '}' }),
      widgetPart('end'),
      runEvents.widgetRevision({
        widgetId,
        revision: { ...revision, failure: { code: 'hunk_not_found', message: 'no match' } },
      }),
    ]);
    const widget = widgetOf(state);
    expect(widget.revision?.failure?.code).toBe('hunk_not_found');
    expect(transcriptWidgetSource(widget)).toEqual({ css: 'b{}', html: '<p>old</p>', js: '' });
  });

  it("starts a live edit's revision from its base in an earlier reply, sharing the base's part log", () => {
    let state = fold([
      runEvents.textStart({ messageId: 'a1' }),
      runEvents.widgetSnapshot({ widgetId: 'w0' }),
      runEvents.widgetPart({ widgetId: 'w0', part: 'height', delta: '200' }),
      runEvents.widgetPart({ widgetId: 'w0', part: 'css', delta: 'p{color:red}' }),
      runEvents.widgetPart({ widgetId: 'w0', part: 'html', delta: '<p>0</p><b>x</b>' }),
      runEvents.widgetPart({ widgetId: 'w0', part: 'end', delta: '' }),
    ]);
    state = transcriptReducer(state, { type: 'user-message', id: 'u2', text: 'make it white' });
    const base = widgetOf(state);
    state = fold(
      [
        runEvents.textStart({ messageId: 'a2' }),
        runEvents.widgetSnapshot({
          widgetId: 'w1',
          revision: { of: 'w0', number: 2, baseId: 'w0' },
          fromBase: true,
        }),
      ],
      state,
    );
    const seeded = state.messages[2]!.parts[0];
    if (seeded?.kind !== 'widget') throw new Error('no revision');
    // Not complete, the base's height and markup, and the base's own log: a frame that shows the base is
    // handed only what follows.
    expect(seeded.widget).toMatchObject({ id: 'w1', complete: false, height: 200, markupBytes: 16 });
    expect(seeded.widget.parts).toBe(base.parts);
    state = fold(
      [
        runEvents.widgetParts({
          widgetId: 'w1',
          parts: [
            { part: 'css', search: 'red', delta: 'white' },
            { part: 'html', search: '<b>x</b>', delta: '' },
            { part: 'end', delta: '' },
          ],
        }),
      ],
      state,
    );
    const revision = state.messages[2]!.parts[0];
    if (revision?.kind !== 'widget') throw new Error('no revision');
    expect(revision.widget.parts.partsAfter(base.parts)).toEqual([
      { part: 'css', search: 'red', delta: 'white' },
      { part: 'html', search: '<b>x</b>', delta: '' },
      { part: 'end', delta: '' },
    ]);
    expect(revision.widget).toMatchObject({ complete: true, markupBytes: 8 });
    expect(transcriptWidgetSource(revision.widget)).toEqual({
      css: 'p{color:white}',
      html: '<p>0</p>',
      js: '',
    });
    // The base is as it was.
    expect(transcriptWidgetSource(widgetOf(state))).toEqual({
      css: 'p{color:red}',
      html: '<p>0</p><b>x</b>',
      js: '',
    });
  });

  it('puts an activity into the reply being written, and its deltas into the reply that holds it', () => {
    const surface = (messageIdOfActivity: string, title: string) =>
      runEvents.activitySnapshot({
        messageId: messageIdOfActivity,
        activityType: 'a2ui-surface',
        content: { title },
      });
    let state = transcriptReducer(emptyTranscript, { type: 'user-message', id: 'u1', text: 'a form' });
    state = fold([runEvents.textStart({ messageId: 'a1' }), surface('s1', 'first')], state);
    state = transcriptReducer(state, { type: 'user-message', id: 'u2', text: 'another' });
    // After a user message, an activity that comes before any text opens the reply itself.
    state = fold(
      [
        surface('s2', 'second'),
        runEvents.activityDelta({
          messageId: 's1',
          activityType: 'a2ui-surface',
          patch: [{ op: 'replace', path: '/title', value: 'first, edited' }],
        }),
        runEvents.activityDelta({ messageId: 'unknown', activityType: 'a2ui-surface', patch: [] }),
      ],
      state,
    );
    expect(state.messages.map((message) => [message.id, message.parts])).toEqual([
      ['u1', [{ kind: 'prose', text: 'a form' }]],
      [
        'a1',
        [
          {
            kind: 'activity',
            activity: { id: 's1', activityType: 'a2ui-surface', content: { title: 'first, edited' } },
          },
        ],
      ],
      ['u2', [{ kind: 'prose', text: 'another' }]],
      [
        's2',
        [
          {
            kind: 'activity',
            activity: { id: 's2', activityType: 'a2ui-surface', content: { title: 'second' } },
          },
        ],
      ],
    ]);
  });
});
