import { readWidgetHeight, type WidgetPart } from '@drawbridge/protocol';
import type { TranscriptWidget } from './transcript-state.ts';

const encoder = new TextEncoder();

/**
 * The widget with one more part: the delta is appended to its log as it is, and the few facts the card
 * reads on every render (height, completeness, last part, markup size) are updated from that delta alone.
 */
export function applyWidgetPart(widget: TranscriptWidget, part: WidgetPart): TranscriptWidget {
  const parts = widget.parts.append(part);
  const updated = { ...widget, parts, lastPart: part.part };
  switch (part.part) {
    case 'height':
      // The value may be split over several deltas; they are few and come first, so joining them is cheap.
      return { ...updated, height: readWidgetHeight(parts.text('height')) };
    case 'html':
      return {
        ...updated,
        markupBytes: (part.replace === true ? 0 : widget.markupBytes) + encoder.encode(part.delta).length,
      };
    case 'end':
      return { ...updated, complete: true };
    case 'css':
    case 'js':
      return updated;
  }
}
