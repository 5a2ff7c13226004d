import type { WidgetContent } from './frame-host.ts';

/** The widget in the model's own wire format, for copying into a bug report or a replay file. */
export function widgetSourceText(widget: WidgetContent): string {
  const heightLine = widget.height === null ? '' : `@@HEIGHT:${widget.height}@@\n`;
  return `${heightLine}@@CSS@@\n${widget.css.trim()}\n@@HTML@@\n${widget.html.trim()}\n@@JS@@\n${widget.js.trim()}\n@@END@@\n`;
}
