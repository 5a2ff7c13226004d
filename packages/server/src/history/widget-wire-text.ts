import type { GeneratedWidget } from '@drawbridge/protocol';

// The parser keeps the line break that precedes the next marker; writing it again would double it.
function withoutFinalLineBreak(text: string): string {
  return text.replace(/\r?\n$/, '');
}

/** Writes a stored widget back in the exact text format the model produces, so it can edit its own work. */
export function formatWidgetWireText(
  widget: Pick<GeneratedWidget, 'height' | 'css' | 'html' | 'js'>,
): string {
  const lines: string[] = [];
  if (widget.height !== null) lines.push(`@@HEIGHT:${widget.height}@@`);
  lines.push(
    '@@CSS@@',
    withoutFinalLineBreak(widget.css),
    '@@HTML@@',
    withoutFinalLineBreak(widget.html),
    '@@JS@@',
    withoutFinalLineBreak(widget.js),
    '@@END@@',
  );
  return lines.join('\n');
}
