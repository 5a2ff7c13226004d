import { describe, expect, it } from 'vitest';
import { type RunEvent, runEvents } from '../run-events.ts';
import { applyReplyEvent } from './apply-reply-event.ts';
import { emptyReplyMessage, generatedWidgetOf, type ReplyMessage } from './reply-message.ts';
import { replySegments } from './reply-segments.ts';
import { storedMessageEvents } from './stored-message-events.ts';

const messageId = 'msg';
const prose = (delta: string) => runEvents.textContent({ messageId, delta });
const start = (widgetId: string) => runEvents.widgetSnapshot({ widgetId });
const part = (widgetId: string, type: 'height' | 'css' | 'html' | 'js' | 'end', delta = '') =>
  runEvents.widgetPart({ widgetId, part: type, delta });
const revision = { of: 'w0', number: 2, baseId: 'w0' };

const fold = (events: RunEvent[], start = emptyReplyMessage(messageId)): ReplyMessage =>
  events.reduce(applyReplyEvent, start);

/** Replies as runs stream them: prose cut anywhere, widgets in many deltas, an edit, tool calls, details. */
const replies: Record<string, RunEvent[]> = {
  'prose only': [prose('Hel'), prose('lo '), prose('there.')],
  'prose, widget, prose': [
    prose('Here:\n'),
    start('w1'),
    part('w1', 'height', '3'),
    part('w1', 'height', '20'),
    part('w1', 'css', 'p{'),
    part('w1', 'css', '}'),
    part('w1', 'html', '<p>é'),
    part('w1', 'html', '</p>'),
    part('w1', 'js', 'go()'),
    part('w1', 'end'),
    prose('Done.'),
    runEvents.reply({ messageId, model: 'demo', inputTokens: 3, outputTokens: 9 }),
  ],
  'an edit that failed': [
    prose('Bluer.\n'),
    runEvents.widgetSnapshot({
      widgetId: 'w2',
      revision,
      parts: [{ part: 'css', delta: 'a{}', replace: true }],
    }),
    runEvents.widgetPart({ widgetId: 'w2', part: 'css', delta: 'b{', replace: true }),
    part('w2', 'css', '}'),
    part('w2', 'end'),
    runEvents.widgetRevision({
      widgetId: 'w2',
      revision: { ...revision, failure: { code: 'hunk_not_found', message: 'no match' } },
    }),
  ],
  'a widget the server stopped at a limit, and one after it': [
    start('w4'),
    part('w4', 'css', 'p{}'),
    part('w4', 'html', '<div><div>'),
    runEvents.widgetRefused({
      widgetId: 'w4',
      refusal: { code: 'markup_too_deep', message: 'Too deep.' },
    }),
    prose('Next.'),
    start('w5'),
    part('w5', 'html', '<p>fine</p>'),
    part('w5', 'end'),
  ],
  'a widget cut off by a tool call': [
    prose('Let me draw it. '),
    start('w3'),
    part('w3', 'html', '<div>'),
    runEvents.toolCallStart({
      toolCallId: 'call-1',
      toolCallName: 'render_table',
      parentMessageId: messageId,
    }),
    runEvents.toolCallArgs({ toolCallId: 'call-1', delta: '{}' }),
    runEvents.toolCallEnd({ toolCallId: 'call-1' }),
    prose('After the table.'),
  ],
};

describe('storedMessageEvents', () => {
  it.each(Object.entries(replies))(
    '%s: a stored reply folds back into the segments it was stored as',
    (_, events) => {
      const live = fold(events);
      const stored = replySegments(live).map((segment, index, all) => ({
        ...segment,
        ...(index === all.length - 1 && live.reply !== undefined ? { reply: live.reply } : {}),
      }));
      const reloaded = fold(stored.flatMap((segment) => storedMessageEvents(segment, messageId)));
      expect(replySegments(reloaded)).toEqual(replySegments(live));
      expect(reloaded.reply).toEqual(live.reply);
      // The widgets come back whole, with the height, size, revision and refusal the live ones had.
      const widgets = (message: ReplyMessage) =>
        message.parts.flatMap((part) =>
          part.kind === 'widget'
            ? [
                {
                  ...generatedWidgetOf(part.widget),
                  markupBytes: part.widget.markupBytes,
                  lastPart: part.widget.lastPart,
                },
              ]
            : [],
        );
      expect(widgets(reloaded)).toEqual(widgets(live));
    },
  );

  it('replays a carrier as its tool call, whole, inside the reply it belongs to', () => {
    const reply = fold(
      storedMessageEvents(
        {
          id: 'c1',
          content: '',
          toolCallId: 'call-7',
          render: { tool: 'render_chart', args: { metric: 'signups' } },
        },
        messageId,
      ),
      fold([prose('A chart:')]),
    );
    expect(reply.parts).toEqual([
      { kind: 'prose', text: 'A chart:' },
      {
        kind: 'tool-call',
        call: {
          toolCallId: 'call-7',
          toolCallName: 'render_chart',
          argsJson: '{"metric":"signups"}',
          complete: true,
        },
      },
    ]);
  });

  it('draws a stored A2UI call again as the surface its arguments hold, under the live activity id', () => {
    const messages = [{ version: 'v0.9', deleteSurface: { surfaceId: 's' } }];
    const args = { a2ui_json: JSON.stringify(messages) };
    const reply = fold(
      storedMessageEvents(
        {
          id: 'carrier',
          content: '',
          toolCallId: 'call-9',
          render: { tool: 'send_a2ui_json_to_client', args },
        },
        messageId,
      ),
    );
    expect(reply.parts.map((part) => part.kind)).toEqual(['tool-call', 'activity']);
    expect(reply.parts[1]).toEqual({
      kind: 'activity',
      activity: { id: 'a2ui-call-9', activityType: 'a2ui-surface', content: { a2ui_operations: messages } },
    });
  });
});
