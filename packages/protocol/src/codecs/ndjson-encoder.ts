import type { RunEvent } from '../run-events.ts';

export const ndjsonContentType = 'application/x-ndjson';

/**
 * One event as one NDJSON line; JSON.stringify escapes every newline inside strings, so the line cannot break.
 * `json` is the event already stringified, when the caller has it (a run log that stored it), so it is not
 * stringified again.
 * With `seq` (the event's place in its run log) the line gains a top-level `"seq"` field: AG-UI event schemas
 * are loose objects, so a stock client keeps reading the event and ignores the field, while a resuming
 * client passes the last `seq` it saw as `?after=`. (Not `metadata`: AG-UI merges that into messages.)
 */
export function encodeNdjsonEvent(event: RunEvent, seq?: number, json = JSON.stringify(event)): string {
  if (seq === undefined) return `${json}\n`;
  // The field goes in before the object's closing brace: the same line as stringifying a copy with `seq`
  // added last, without the copy (an event object never carries a `seq` of its own).
  return `${json.slice(0, -1)},"seq":${seq}}\n`;
}
