/** Bounds for a widget's height, whatever the model or the widget asks for. */
export const minimumWidgetHeight = 40;
export const maximumWidgetHeight = 4000;
/** Used until the model's @@HEIGHT@@ (or the frame's first report) arrives. */
export const defaultWidgetHeight = 320;

/** Clamps a requested height into the allowed range, rounding to whole pixels. */
export function clampWidgetHeight(px: number): number {
  if (!Number.isFinite(px)) {
    return defaultWidgetHeight;
  }
  return Math.round(Math.min(maximumWidgetHeight, Math.max(minimumWidgetHeight, px)));
}
