import { isDrawbridgeEvent } from '@drawbridge/protocol';
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

describe('AssistantMessageAssembler', () => {
  it('keeps the widget in the shared shape, its height read from the marker however the text was cut', () => {
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
    expect(assembler.snapshot()).toEqual({
      messageId: 'm1',
      content: 'Here.\n',
      widget: { id: 'id-1', height: 420, css: 'p{}\n', html: '<p>hi</p>\n', js: 'go()\n', complete: true },
    });
  });

  it('clamps the height the model asked for and leaves it null when there was none', () => {
    const tall = assemblerWithIds();
    tall.push('@@HEIGHT:90000@@\n@@HTML@@\n<p>x</p>\n@@END@@');
    expect(tall.snapshot().widget?.height).toBe(4000);
    const none = assemblerWithIds();
    none.push('@@HTML@@\n<p>x</p>');
    expect(none.snapshot().widget).toMatchObject({ height: null, complete: false, html: '<p>x</p>' });
  });

  it('starts a second widget block with a fresh id and without the first block’s height', () => {
    const assembler = assemblerWithIds();
    assembler.push('@@HEIGHT:300@@\n@@HTML@@\n<p>one</p>\n@@END@@');
    expect(assembler.snapshot().widget).toMatchObject({ id: 'id-1', height: 300 });
    const segment = assembler.endSegment().segment;
    expect(segment?.widget).toMatchObject({ id: 'id-1', height: 300, complete: true });
    assembler.push('@@HTML@@\n<p>two</p>\n@@END@@');
    expect(assembler.snapshot().widget).toMatchObject({ id: 'id-3', height: null, html: '<p>two</p>\n' });
  });

  it('closes the segment after a finished widget once prose follows it', () => {
    const assembler = assemblerWithIds();
    const events = ['Before.\n@@HTML@@\n<p>one</p>\n@@END@@', 'After', ' one.'].flatMap((text) =>
      assembler.push(text),
    );
    events.push(...assembler.end());
    expect(assembler.takeClosedSegments()).toEqual([
      {
        messageId: 'm1',
        content: 'Before.\n',
        widget: { id: 'id-1', height: null, css: '', html: '<p>one</p>\n', js: '', complete: true },
      },
    ]);
    expect(assembler.snapshot()).toEqual({ messageId: 'id-2', content: 'After one.' });
    expect(assembler.takeClosedSegments()).toEqual([]);
    // The live events keep the one message id.
    expect(
      events.map((event) => {
        if (isDrawbridgeEvent(event, 'drawbridge.widget')) return event.value.messageId;
        return 'messageId' in event ? event.messageId : undefined;
      }),
    ).toEqual(['m1', 'm1', 'm1', 'm1', 'm1']);
  });
});
