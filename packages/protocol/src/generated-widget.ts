import { z } from 'zod';
import type { WidgetChunkType } from './widget-chunk.ts';

/** The parts a widget streams as, in the order the model writes them (prose travels as message text). */
export const widgetPartTypes = [
  'height',
  'css',
  'html',
  'js',
  'end',
] as const satisfies readonly WidgetChunkType[];

export type WidgetPartType = (typeof widgetPartTypes)[number];

/**
 * One part as it streams: text appended to its channel. `height` deltas join into the value of
 * `@@HEIGHT:n@@` (read with `readWidgetHeight`); `end` has an empty delta and closes the widget.
 */
export const widgetPartSchema = z.object({ part: z.enum(widgetPartTypes), delta: z.string() });

export type WidgetPart = z.infer<typeof widgetPartSchema>;

/**
 * A generated widget as far as it streamed — the one shape the server stores, the API returns, the
 * transcript restores and the standalone export renders. `height` is the clamped `@@HEIGHT@@` the model
 * asked for (null when it gave none); `complete` says whether `@@END@@` arrived.
 */
export const generatedWidgetSchema = z.object({
  id: z.string(),
  height: z.number().int().nonnegative().nullable(),
  css: z.string(),
  html: z.string(),
  js: z.string(),
  complete: z.boolean(),
});

export type GeneratedWidget = z.infer<typeof generatedWidgetSchema>;

/**
 * A stored widget replayed as the parts it streamed as, each channel in one delta, so a restored widget
 * takes the same way into the frame as a live one.
 */
export function generatedWidgetParts(widget: GeneratedWidget): WidgetPart[] {
  const parts: WidgetPart[] = [];
  if (widget.height !== null) parts.push({ part: 'height', delta: String(widget.height) });
  for (const part of ['css', 'html', 'js'] as const) {
    if (widget[part] !== '') parts.push({ part, delta: widget[part] });
  }
  if (widget.complete) parts.push({ part: 'end', delta: '' });
  return parts;
}
