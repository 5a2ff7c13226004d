import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyWidgetPart } from './apply-widget-part.ts';
import { createReplyWidget } from './reply-message.ts';

describe('applyWidgetPart', () => {
  it('counts markup in the bytes UTF-8 encodes it to, lone surrogates included', () => {
    const encoder = new TextEncoder();
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (text) => {
        const widget = applyWidgetPart(createReplyWidget('w'), { part: 'html', delta: text });
        expect(widget.markupBytes).toBe(encoder.encode(text).length);
      }),
    );
  });

  it('starts the count afresh at a part that replaces the markup', () => {
    const first = applyWidgetPart(createReplyWidget('w'), { part: 'html', delta: '<p>old</p>' });
    expect(applyWidgetPart(first, { part: 'html', delta: '<b>', replace: true }).markupBytes).toBe(3);
  });
});
