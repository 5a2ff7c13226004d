import type { StreamFormat } from '@drawbridge/protocol';

interface MediaRange {
  type: string;
  subtype: string;
  quality: number;
}

function parseMediaRanges(accept: string): MediaRange[] {
  const ranges: MediaRange[] = [];
  for (const item of accept.split(',')) {
    const [mediaType = '', ...parameters] = item.split(';').map((part) => part.trim().toLowerCase());
    const [type, subtype] = mediaType.split('/');
    if (!type || !subtype) continue;
    let quality = 1;
    for (const parameter of parameters) {
      const [name, value] = parameter.split('=').map((part) => part.trim());
      if (name === 'q' && value !== undefined) {
        const parsed = Number(value);
        // A malformed weight is treated as absent rather than rejecting the whole header.
        if (Number.isFinite(parsed)) quality = Math.min(Math.max(parsed, 0), 1);
      }
    }
    ranges.push({ type, subtype, quality });
  }
  return ranges;
}

/** How well `ranges` accept one concrete media type: the weight of the most specific matching range. */
function acceptance(
  ranges: MediaRange[],
  type: string,
  subtype: string,
): { quality: number; specificity: number } {
  let best = { quality: 0, specificity: -1 };
  for (const range of ranges) {
    const specificity =
      range.type === type && range.subtype === subtype
        ? 2
        : range.type === type && range.subtype === '*'
          ? 1
          : range.type === '*' && range.subtype === '*'
            ? 0
            : -1;
    if (specificity > best.specificity) best = { quality: range.quality, specificity };
  }
  return best;
}

/**
 * Picks NDJSON or SSE from an `Accept` header; `undefined` when the client accepts neither.
 * NDJSON is the default (no header, `*\/*`, JSON); SSE wins when the client weighs it at least as high
 * and names it explicitly, which is what AG-UI's `HttpAgent` does.
 */
export function negotiateStreamFormat(accept: string | undefined): StreamFormat | undefined {
  if (accept === undefined || accept.trim() === '') return 'ndjson';
  const ranges = parseMediaRanges(accept);
  if (ranges.length === 0) return 'ndjson';
  const serverSentEvents = acceptance(ranges, 'text', 'event-stream');
  const ndjson = acceptance(ranges, 'application', 'x-ndjson');
  const json = acceptance(ranges, 'application', 'json');
  const lineDelimited = json.quality > ndjson.quality ? json : ndjson;
  if (serverSentEvents.quality === 0 && lineDelimited.quality === 0) return undefined;
  if (serverSentEvents.quality > lineDelimited.quality) return 'sse';
  if (
    serverSentEvents.quality === lineDelimited.quality &&
    serverSentEvents.specificity > lineDelimited.specificity
  ) {
    return 'sse';
  }
  return 'ndjson';
}
