import type { RunEvent } from '../run-events.ts';

export const sseContentType = 'text/event-stream';

/**
 * One event as one SSE message, byte-for-byte what `@ag-ui/encoder` writes: a single `data:` line and a
 * blank line, preceded by an `id:` line with the event's place in its run log when it has one, so a browser's
 * `EventSource` (or any reader) resumes with `Last-Event-ID`. `@ag-ui/client` splits messages on "\n\n" only,
 * so the line ends must be bare LF. `json` is the event already stringified, when the caller has it.
 */
export function encodeSseEvent(event: RunEvent, seq?: number, json = JSON.stringify(event)): string {
  const data = `data: ${json}\n\n`;
  return seq === undefined ? data : `id: ${seq}\n${data}`;
}
