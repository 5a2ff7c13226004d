import {
  applyReplyEvent,
  emptyReplyMessage,
  isDrawbridgeEvent,
  type RunEvent,
  replySegments,
} from '@drawbridge/protocol';
import { describe, expect, it } from 'vitest';
import { AssistantMessageAssembler } from './assistant-message-assembler.ts';

function assemblerWithIds(): AssistantMessageAssembler {
  let next = 0;
  const createId = () => {
    next += 1;
    return `id-${next}`;
  };
  return new AssistantMessageAssembler({ messageId: 'm1', createId });
}

/** The reply as stored: the protocol's reducer over the events, cut into segments. */
const storedOf = (events: RunEvent[]) =>
  replySegments(events.reduce(applyReplyEvent, emptyReplyMessage('m1')));

describe('AssistantMessageAssembler', () => {
  it('streams the widget in parts that fold into the shared shape, its height read however the text was cut', () => {
    const assembler = assemblerWithIds();
    const events = [
      'Here.\n@@HEI',
      'GHT: 4',
      '20px @@\n@@CSS@@\np{}\n@@HTML@@\n<p>',
      'hi</p>\n@@JS@@\ngo()\n@@END@@',
    ]
      .flatMap((text) => assembler.push(text))
      .concat(assembler.end());
    const parts = events
      .filter((event) => isDrawbridgeEvent(event, 'drawbridge.widget'))
      .map((event) => [event.value.part, event.value.delta]);
    expect(parts[0]).toEqual(['height', '420']);
    expect(parts.at(-1)).toEqual(['end', '']);
    expect(storedOf(events)).toEqual([
      {
        id: 'm1',
        content: 'Here.\n',
        widget: { id: 'id-1', height: 420, css: 'p{}\n', html: '<p>hi</p>\n', js: 'go()\n', complete: true },
      },
    ]);
  });

  it('clamps the height the model asked for and leaves it null when there was none', () => {
    const tall = assemblerWithIds();
    expect(storedOf(tall.push('@@HEIGHT:90000@@\n@@HTML@@\n<p>x</p>\n@@END@@'))[0]?.widget?.height).toBe(
      4000,
    );
    const none = assemblerWithIds();
    expect(storedOf(none.push('@@HTML@@\n<p>x</p>'))[0]?.widget).toMatchObject({
      height: null,
      complete: false,
      html: '<p>x</p>',
    });
  });

  it('starts a widget block after a tool call with a fresh id and without the first block’s height', () => {
    const assembler = assemblerWithIds();
    const events = assembler.push('@@HEIGHT:300@@\n@@HTML@@\n<p>one</p>\n@@END@@');
    events.push(...assembler.endBeforeToolCall(), ...assembler.push('@@HTML@@\n<p>two</p>\n@@END@@'));
    expect(storedOf(events).map((segment) => segment.widget)).toMatchObject([
      { id: 'id-1', height: 300, complete: true },
      { id: 'id-2', height: null, html: '<p>two</p>\n', complete: true },
    ]);
  });

  it('keeps one message id on the live events when prose follows a finished widget', () => {
    const assembler = assemblerWithIds();
    const events = ['Before.\n@@HTML@@\n<p>one</p>\n@@END@@', 'After', ' one.'].flatMap((text) =>
      assembler.push(text),
    );
    events.push(...assembler.end());
    expect(storedOf(events)).toEqual([
      {
        id: 'm1',
        content: 'Before.\n',
        widget: { id: 'id-1', height: null, css: '', html: '<p>one</p>\n', js: '', complete: true },
      },
      { id: 'm1-2', content: 'After one.' },
    ]);
    expect(
      events.map((event) => {
        if (isDrawbridgeEvent(event, 'drawbridge.widget')) return event.value.messageId;
        return 'messageId' in event ? event.messageId : undefined;
      }),
    ).toEqual(['m1', 'm1', 'm1', 'm1', 'm1']);
  });
});
