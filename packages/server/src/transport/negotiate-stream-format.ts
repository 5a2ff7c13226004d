import { ndjsonContentType, sseContentType } from '@drawbridge/protocol';
import type { Context } from 'hono';
import { accepts } from 'hono/accepts';

/** The two framings a run's events can be streamed in. */
export type StreamFormat = 'ndjson' | 'sse';

/** One parsed range of an `Accept` header, as `hono/accepts` hands it to a matcher. */
type AcceptedRange = Parameters<NonNullable<Parameters<typeof accepts>[1]['match']>>[0][number];

const noAcceptableFormat = 'none';

/** How well `ranges` accept one concrete media type: the weight of the most specific matching range. */
function acceptance(
  ranges: readonly AcceptedRange[],
  mediaType: string,
): { quality: number; specificity: number } {
  const [type] = mediaType.split('/');
  let best = { quality: 0, specificity: -1 };
  for (const range of ranges) {
    const rangeType = range.type.toLowerCase();
    const specificity =
      rangeType === mediaType ? 2 : rangeType === `${type}/*` ? 1 : rangeType === '*/*' ? 0 : -1;
    if (specificity > best.specificity) best = { quality: range.q, specificity };
  }
  return best;
}

/**
 * Hono's default matcher lets `*\/*` match nothing and answers its default when nothing matches; a run
 * needs `*\/*` to mean NDJSON and a 406 when neither framing is acceptable, so the choice is made here.
 */
function matchStreamFormat(ranges: AcceptedRange[]): string {
  const mediaRanges = ranges.filter((range) => /^[^/]+\/[^/]+$/.test(range.type));
  if (mediaRanges.length === 0) return 'ndjson';
  const serverSentEvents = acceptance(mediaRanges, sseContentType);
  const ndjson = acceptance(mediaRanges, ndjsonContentType);
  const json = acceptance(mediaRanges, 'application/json');
  const lineDelimited = json.quality > ndjson.quality ? json : ndjson;
  if (serverSentEvents.quality === 0 && lineDelimited.quality === 0) return noAcceptableFormat;
  if (serverSentEvents.quality > lineDelimited.quality) return 'sse';
  if (
    serverSentEvents.quality === lineDelimited.quality &&
    serverSentEvents.specificity > lineDelimited.specificity
  ) {
    return 'sse';
  }
  return 'ndjson';
}

/**
 * Picks NDJSON or SSE from the request's `Accept` header (parsed by `hono/accepts`); `undefined` when the
 * client accepts neither. NDJSON is the default (no header, `*\/*`, JSON); SSE wins when the client weighs
 * it at least as high and names it explicitly, which is what AG-UI's `HttpAgent` does.
 */
export function negotiateStreamFormat(context: Context): StreamFormat | undefined {
  const chosen = accepts(context, {
    header: 'Accept',
    supports: ['ndjson', 'sse'],
    default: 'ndjson',
    match: matchStreamFormat,
  });
  return chosen === 'sse' || chosen === 'ndjson' ? chosen : undefined;
}
