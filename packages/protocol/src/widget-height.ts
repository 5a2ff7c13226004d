import { WidgetHeightReader } from './widget-height-reader.ts';

/** Bounds for a widget's height, whatever the model asks for or the widget measures. */
export const minimumWidgetHeight = 40;
export const maximumWidgetHeight = 4000;
/** Used until the model's `@@HEIGHT@@` (or the frame's first report) arrives. */
export const defaultWidgetHeight = 320;

/** The one clamp: a height in whole pixels within the bounds (a runaway value is the maximum, not an error). */
export function clampWidgetHeight(px: number): number {
  if (Number.isNaN(px)) return defaultWidgetHeight;
  return Math.round(Math.min(maximumWidgetHeight, Math.max(minimumWidgetHeight, px)));
}

/**
 * The height a widget's `height` part asks for, clamped; null when its text is empty or not a number of
 * pixels. Parts may split the value anywhere, so callers pass the text of every `height` delta joined.
 */
export function readWidgetHeight(text: string): number | null {
  const reader = new WidgetHeightReader();
  reader.read(text);
  const digits = reader.digitsIfValid();
  return digits === undefined ? null : clampWidgetHeight(Number(digits));
}
