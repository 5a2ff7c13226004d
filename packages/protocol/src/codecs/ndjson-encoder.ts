import type { RunEvent } from '../run-events.ts';

export const ndjsonContentType = 'application/x-ndjson';

/** One event as one NDJSON line; JSON.stringify escapes every newline inside strings, so the line cannot break. */
export function encodeNdjsonEvent(event: RunEvent): string {
  return `${JSON.stringify(event)}\n`;
}
