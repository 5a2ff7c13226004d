import type { RunEvent } from '../run-events.ts';

export const sseContentType = 'text/event-stream';

/**
 * One event as one SSE message, byte-for-byte what `@ag-ui/encoder` writes: a single `data:` line and a
 * blank line. `@ag-ui/client` splits messages on "\n\n" only, so the line ends must be bare LF.
 */
export function encodeSseEvent(event: RunEvent): string {
  return `data: ${JSON.stringify(event)}\n\n`;
}

/** An SSE comment (a keep-alive such as `: ping`) that every SSE reader skips; each line of `text` is prefixed. */
export function encodeSseComment(text: string): string {
  const lines = text.split(/\r\n|\r|\n/);
  return `${lines.map((line) => `: ${line}`).join('\n')}\n\n`;
}
