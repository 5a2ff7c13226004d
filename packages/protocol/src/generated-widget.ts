import { z } from 'zod';
import type { WidgetChunkType } from './widget-chunk.ts';
import { widgetRefusalSchema } from './widget-refusal.ts';

/** The parts a widget streams as, in the order the model writes them (prose travels as message text). */
export const widgetPartTypes = [
  'height',
  'css',
  'html',
  'js',
  'end',
] as const satisfies readonly WidgetChunkType[];

export type WidgetPartType = (typeof widgetPartTypes)[number];

/** True for a chunk type that is also a widget part (not prose, nor an edit's target or hunks). */
export function isWidgetPartType(type: WidgetChunkType): type is WidgetPartType {
  return (widgetPartTypes as readonly WidgetChunkType[]).includes(type);
}

/**
 * One part as it streams: text appended to its channel. `height` deltas join into the value of
 * `@@HEIGHT:n@@` (read with `readWidgetHeight`); `end` has an empty delta and closes the widget. A part with
 * `replace: true` starts its channel afresh (a part an edit replaces, a failed edit's base); its delta may then
 * be empty. A part with `search` is an edit's hunk: the first exact occurrence of `search` in its channel (CSS,
 * markup or script) becomes `delta` (`applyWidgetHunk`).
 */
export const widgetPartSchema = z
  .object({
    part: z.enum(widgetPartTypes),
    delta: z.string(),
    replace: z.literal(true).optional(),
    search: z.string().min(1).optional(),
  })
  .refine(
    (part) =>
      part.search === undefined ||
      (part.replace === undefined && part.part !== 'height' && part.part !== 'end'),
    {
      message: 'A hunk (`search`) changes CSS, markup or script, and never replaces its part',
      path: ['search'],
    },
  );

export type WidgetPart = z.infer<typeof widgetPartSchema>;

/** Why an edit could not be applied; the revision then keeps its base unchanged. */
export const widgetEditFailureCodes = [
  'unknown_widget',
  'hunk_outside_part',
  'hunk_without_replace',
  'empty_search',
  'hunk_not_found',
] as const;

export type WidgetEditFailureCode = (typeof widgetEditFailureCodes)[number];

/**
 * What makes a widget a revision of an earlier one: `of` is the id of the widget's first revision (the
 * lineage), `number` counts from 2, `baseId` is the revision the edit was applied to. `failure` is set when
 * the edit did not apply.
 */
export const widgetRevisionSchema = z.object({
  of: z.string(),
  number: z.number().int().min(2),
  baseId: z.string(),
  failure: z.object({ code: z.enum(widgetEditFailureCodes), message: z.string() }).optional(),
});

export type WidgetRevision = z.infer<typeof widgetRevisionSchema>;

/**
 * A generated widget as far as it streamed — the one shape the server stores, the API returns, the
 * transcript restores and the standalone export renders. `height` is the clamped `@@HEIGHT@@` the model
 * asked for (null when it gave none); `complete` says whether `@@END@@` arrived; `revision` is there when an
 * edit made it (its parts are then the whole result, never the patch); `refusal` when the server stopped it
 * past one of `widgetLimits` (its parts then end before the limit, and it is never complete).
 */
export const generatedWidgetSchema = z.object({
  id: z.string(),
  height: z.number().int().nonnegative().nullable(),
  css: z.string(),
  html: z.string(),
  js: z.string(),
  complete: z.boolean(),
  revision: widgetRevisionSchema.optional(),
  refusal: widgetRefusalSchema.optional(),
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
