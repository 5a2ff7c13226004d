import { describe, expect, it } from 'vitest';
import { type RunEvent, runEvents } from '../run-events.ts';
import { applyReplyEvent } from './apply-reply-event.ts';
import { emptyReplyMessage, type ReplyMessage } from './reply-message.ts';
import { replySegments } from './reply-segments.ts';

const messageId = 'msg';
const prose = (delta: string) => runEvents.textContent({ messageId, delta });
const start = (widgetId: string) => runEvents.widgetSnapshot({ widgetId });
const part = (widgetId: string, type: 'height' | 'css' | 'html' | 'js' | 'end', delta = '') =>
  runEvents.widgetPart({ widgetId, part: type, delta });
const toolCall = (toolCallId: string): RunEvent[] => [
  runEvents.toolCallStart({ toolCallId, toolCallName: 'render_table', parentMessageId: messageId }),
  runEvents.toolCallArgs({ toolCallId, delta: '{}' }),
  runEvents.toolCallEnd({ toolCallId }),
];

const fold = (events: RunEvent[]): ReplyMessage =>
  events.reduce(applyReplyEvent, emptyReplyMessage(messageId));

/** Prose, a finished widget, prose, a tool call, prose and a second widget, and a last tool call. */
const longReply: RunEvent[] = [
  prose('Here it is.\n'),
  start('w1'),
  part('w1', 'height', '200'),
  part('w1', 'html', '<p>one</p>'),
  part('w1', 'end'),
  prose('Drawn above.'),
  ...toolCall('call-1'),
  prose('And another:'),
  start('w2'),
  part('w2', 'html', '<p>two</p>'),
  ...toolCall('call-2'),
];

describe('replySegments', () => {
  it('stores prose and its widget together, and what follows a widget or a tool call apart', () => {
    expect(replySegments(fold(longReply))).toEqual([
      {
        id: 'msg',
        content: 'Here it is.\n',
        widget: { id: 'w1', height: 200, css: '', html: '<p>one</p>', js: '', complete: true },
      },
      { id: 'msg-2', content: 'Drawn above.' },
      {
        id: 'msg-3',
        content: 'And another:',
        widget: { id: 'w2', height: null, css: '', html: '<p>two</p>', js: '', complete: false },
      },
    ]);
  });

  it('leaves out segments with nothing in them, so the first stored one has the reply id', () => {
    const segments = replySegments(fold([...toolCall('call-1'), ...toolCall('call-2'), prose('Done.')]));
    expect(segments).toEqual([{ id: 'msg', content: 'Done.' }]);
    expect(replySegments(fold([runEvents.textStart({ messageId }), ...toolCall('call-1')]))).toEqual([]);
  });

  it('cuts between two widgets with nothing between them', () => {
    const segments = replySegments(
      fold([start('w1'), part('w1', 'html', 'a'), part('w1', 'end'), start('w2'), part('w2', 'html', 'b')]),
    );
    expect(segments.map(({ id, widget }) => [id, widget?.id])).toEqual([
      ['msg', 'w1'],
      ['msg-2', 'w2'],
    ]);
  });

  it('keeps each segment under one id while the reply grows, so a later write rewrites the same rows', () => {
    const final = replySegments(fold(longReply));
    for (let length = 0; length <= longReply.length; length += 1) {
      const segments = replySegments(fold(longReply.slice(0, length)));
      // Every segment of a shorter reply is the final one with the same id, or (the last) one still growing.
      segments.forEach((segment, index) => {
        expect(segment.id, `after ${length} events`).toBe(final[index]?.id);
        if (index < segments.length - 1) expect(segment).toEqual(final[index]);
        else expect(final[index]?.content.startsWith(segment.content)).toBe(true);
      });
    }
  });

  it("stores an edit's widget whole, with its revision", () => {
    const revision = { of: 'w0', number: 2, baseId: 'w0' };
    const segments = replySegments(
      fold([
        prose('Made it blue.\n'),
        runEvents.widgetSnapshot({
          widgetId: 'w2',
          revision,
          parts: [
            { part: 'css', delta: 'p{color:red}', replace: true },
            { part: 'html', delta: '<p>hi</p>', replace: true },
          ],
        }),
        runEvents.widgetPart({
          widgetId: 'w2',
          part: 'css',
          delta: 'p{color:blue}',
          replace: true,
        }),
        part('w2', 'end'),
      ]),
    );
    expect(segments).toEqual([
      {
        id: 'msg',
        content: 'Made it blue.\n',
        widget: {
          id: 'w2',
          height: null,
          css: 'p{color:blue}',
          html: '<p>hi</p>',
          js: '',
          complete: true,
          revision,
        },
      },
    ]);
  });
});
