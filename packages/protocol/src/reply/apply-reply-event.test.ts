import { describe, expect, it } from 'vitest';
import { type RunEvent, runEvents } from '../run-events.ts';
import { applyReplyEvent, replyOfRunEvents } from './apply-reply-event.ts';
import {
  emptyReplyMessage,
  generatedWidgetOf,
  type ReplyMessage,
  type ReplyWidget,
} from './reply-message.ts';

const messageId = 'msg-1';
const widgetId = 'wid-1';
const widgetStart = runEvents.widgetSnapshot({ widgetId });
const widgetPart = (part: 'height' | 'css' | 'html' | 'js' | 'end', delta = '') =>
  runEvents.widgetPart({ widgetId, part, delta });

function fold(events: RunEvent[], start: ReplyMessage = emptyReplyMessage(messageId)): ReplyMessage {
  return events.reduce(applyReplyEvent, start);
}

function widgetAt(message: ReplyMessage, index: number): ReplyWidget {
  const part = message.parts[index];
  if (part?.kind !== 'widget') throw new Error(`part ${index} is not a widget`);
  return part.widget;
}

/** Freezes a reply all the way down, so a fold that changed it in place would throw. */
function deepFreeze<Value>(value: Value): Value {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}

describe('applyReplyEvent', () => {
  it('keeps prose before and after a widget as separate parts, in the order they streamed', () => {
    const message = fold([
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
    ]);
    expect(message.parts.map((part) => part.kind)).toEqual(['prose', 'widget', 'prose']);
    expect(message.parts[0]).toEqual({ kind: 'prose', text: 'Here is a cube.' });
    expect(message.parts[2]).toEqual({ kind: 'prose', text: 'Drag to orbit.' });
    const widget = widgetAt(message, 1);
    expect(widget).toMatchObject({
      id: widgetId,
      height: 420,
      complete: true,
      lastPart: 'end',
      markupBytes: 17,
    });
    expect(generatedWidgetOf(widget)).toEqual({
      id: widgetId,
      height: 420,
      css: 'canvas{width:100%}',
      html: '<canvas></canvas>',
      js: 'stage()',
      complete: true,
    });
  });

  it("returns the reply itself for another message's events, the run's own events and calls it does not hold", () => {
    const message = fold([runEvents.textContent({ messageId, delta: 'hi' })]);
    const unrelated: RunEvent[] = [
      runEvents.runStarted({ threadId: 't', runId: 'r' }),
      runEvents.textStart({ messageId }),
      runEvents.textContent({ messageId: 'other', delta: 'not mine' }),
      // A widget's deltas, when the reply does not hold the widget.
      runEvents.widgetPart({ widgetId, part: 'html', delta: '<p>' }),
      runEvents.widgetRevision({ widgetId, revision: { of: 'w', number: 2, baseId: 'w' } }),
      runEvents.activityDelta({ messageId: 'a2ui-1', activityType: 'a2ui-surface', patch: [] }),
      runEvents.reply({ messageId: 'other', model: 'demo', inputTokens: 1, outputTokens: 1 }),
      runEvents.toolCallStart({ toolCallId: 'c', toolCallName: 'render_table', parentMessageId: 'other' }),
      runEvents.toolCallArgs({ toolCallId: 'unknown', delta: '{}' }),
      runEvents.toolCallEnd({ toolCallId: 'unknown' }),
      runEvents.toolCallResult({ messageId: 'tool-1', toolCallId: 'unknown', content: 'x' }),
      runEvents.heartbeat(1),
      runEvents.runInfo({ model: 'demo', demo: true, runId: 'durable-1' }),
      runEvents.parkedCall({ toolCallId: 'c' }),
      { type: 'CUSTOM', name: 'someone.else', value: 1 } as RunEvent,
      runEvents.textEnd({ messageId }),
      runEvents.runFinished({ threadId: 't', runId: 'r' }),
    ];
    for (const event of unrelated) expect(applyReplyEvent(message, event), event.type).toBe(message);
  });

  it('never changes the reply it is given', () => {
    const events = [
      runEvents.textContent({ messageId, delta: 'a' }),
      widgetStart,
      widgetPart('html', '<p>'),
      runEvents.toolCallStart({ toolCallId: 'c', toolCallName: 'render_table', parentMessageId: messageId }),
      runEvents.toolCallArgs({ toolCallId: 'c', delta: '{}' }),
      runEvents.toolCallEnd({ toolCallId: 'c' }),
      runEvents.toolCallResult({ messageId: 'tool-1', toolCallId: 'c', content: 'done' }),
      runEvents.textContent({ messageId, delta: 'b' }),
      runEvents.reply({ messageId, model: 'demo', inputTokens: 1, outputTokens: 2 }),
    ];
    let message = deepFreeze(emptyReplyMessage(messageId));
    for (const event of events) message = deepFreeze(applyReplyEvent(message, event));
    expect(message.parts.map((part) => part.kind)).toEqual(['prose', 'widget', 'tool-call', 'prose']);
  });

  it('accumulates tool-call arguments per call, marks a call complete at its end and keeps its result', () => {
    const message = fold([
      runEvents.toolCallStart({
        toolCallId: 'call-a',
        toolCallName: 'render_table',
        parentMessageId: messageId,
      }),
      runEvents.toolCallStart({ toolCallId: 'call-b', toolCallName: 'render_chart' }),
      runEvents.toolCallArgs({ toolCallId: 'call-a', delta: '{"rows":' }),
      runEvents.toolCallArgs({ toolCallId: 'call-b', delta: '{}' }),
      runEvents.toolCallArgs({ toolCallId: 'call-a', delta: '[]}' }),
      runEvents.toolCallEnd({ toolCallId: 'call-a' }),
      runEvents.toolCallResult({ messageId: 'tool-1', toolCallId: 'call-a', content: 'Error: refused' }),
    ]);
    expect(message.parts).toEqual([
      {
        kind: 'tool-call',
        call: {
          toolCallId: 'call-a',
          toolCallName: 'render_table',
          argsJson: '{"rows":[]}',
          complete: true,
          result: 'Error: refused',
        },
      },
      {
        kind: 'tool-call',
        call: { toolCallId: 'call-b', toolCallName: 'render_chart', argsJson: '{}', complete: false },
      },
    ]);
  });

  it('reads the text of a result given as content parts', () => {
    const message = fold([
      runEvents.toolCallStart({ toolCallId: 'c', toolCallName: 'list_metrics', parentMessageId: messageId }),
      {
        type: 'TOOL_CALL_RESULT',
        messageId: 'tool-1',
        toolCallId: 'c',
        role: 'tool',
        content: [
          { type: 'text', text: 'two ' },
          { type: 'text', text: 'metrics' },
        ],
      } as RunEvent,
    ]);
    expect(message.parts[0]).toMatchObject({ call: { result: 'two metrics' } });
  });

  it('counts markup in UTF-8 bytes and reads the height with the shared reader', () => {
    const message = fold([
      widgetStart,
      widgetPart('height', ' 9000px'),
      widgetPart('html', '<p>é'),
      widgetPart('html', '🌍</p>'),
    ]);
    expect(widgetAt(message, 0)).toMatchObject({ height: 4000, markupBytes: 3 + 2 + 4 + 4, complete: false });
  });

  it('marks a widget as a revision and starts a channel afresh at a replacing part', () => {
    const revision = { of: 'w0', number: 2, baseId: 'w0' };
    const message = fold([
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
    expect(message.parts).toHaveLength(1);
    expect(generatedWidgetOf(widgetAt(message, 0))).toEqual({
      id: widgetId,
      height: null,
      css: 'b{}',
      html: '<p>old</p>',
      js: '',
      complete: true,
      revision: { ...revision, failure: { code: 'hunk_not_found', message: 'no match' } },
    });
  });

  it("labels the reply with its model and token counts from the run's reply event", () => {
    const details = { model: 'demo', inputTokens: 10, outputTokens: 42 };
    const message = fold([
      runEvents.textContent({ messageId, delta: 'hi' }),
      runEvents.reply({ messageId, ...details }),
    ]);
    expect(message.reply).toEqual(details);
  });
});

describe('replyOfRunEvents', () => {
  it("folds a run's events into the reply its TEXT_MESSAGE_START names", () => {
    const reply = replyOfRunEvents([
      runEvents.runStarted({ threadId: 't', runId: 'r' }),
      runEvents.runInfo({ model: 'demo', demo: true, runId: 'durable-1' }),
      runEvents.textStart({ messageId }),
      runEvents.textContent({ messageId, delta: 'hi' }),
      runEvents.runError({ message: 'gone', code: 'interrupted' }),
    ]);
    expect(reply).toEqual({ id: messageId, parts: [{ kind: 'prose', text: 'hi' }] });
  });

  it('is undefined for a run that never started its reply', () => {
    expect(replyOfRunEvents([runEvents.runStarted({ threadId: 't', runId: 'r' })])).toBeUndefined();
  });
});
