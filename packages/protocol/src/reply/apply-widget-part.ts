import type { WidgetPart } from '../generated-widget.ts';
import { readWidgetHeight } from '../widget-height.ts';
import type { ReplyWidget } from './reply-message.ts';

/** The UTF-8 length of `text`, counted without encoding it (the server folds every markup delta of every run). */
function utf8Length(text: string): number {
  let bytes = text.length;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (code < 0x80) continue;
    if (code < 0x800) bytes += 1;
    else if (code >= 0xd800 && code <= 0xdbff && index + 1 < text.length) {
      const next = text.charCodeAt(index + 1);
      // A surrogate pair is one 4-byte character: its two UTF-16 units already count 2.
      if (next >= 0xdc00 && next <= 0xdfff) {
        bytes += 2;
        index += 1;
      } else bytes += 2;
    } else bytes += 2;
  }
  return bytes;
}

/**
 * The widget with one more part: the delta is appended to its log as it is, and the few facts a card reads on
 * every render (height, completeness, last part, markup size) are updated from that delta alone.
 */
export function applyWidgetPart(widget: ReplyWidget, part: WidgetPart): ReplyWidget {
  const parts = widget.parts.append(part);
  const updated = { ...widget, parts, lastPart: part.part };
  switch (part.part) {
    case 'height':
      // The value may be split over several deltas; they are few and come first, so joining them is cheap.
      return { ...updated, height: readWidgetHeight(parts.text('height')) };
    case 'html':
      return {
        ...updated,
        markupBytes:
          (part.replace === true ? 0 : widget.markupBytes) +
          utf8Length(part.delta) -
          (part.search === undefined ? 0 : utf8Length(part.search)),
      };
    case 'end':
      return { ...updated, complete: true };
    case 'css':
    case 'js':
      return updated;
  }
}
