import type { RunEvent } from '../run-events.ts';

export const sseContentType = 'text/event-stream';

/**
 * One event as one SSE message, byte-for-byte what `@ag-ui/encoder` writes: a single `data:` line and a
 * blank line. `@ag-ui/client` splits messages on "\n\n" only, so the line ends must be bare LF.
 */
export function encodeSseEvent(event: RunEvent): string {
  return `data: ${JSON.stringify(event)}\n\n`;
}
