import type { DashboardTimeRange, dashboardTimeRangePresets } from '@drawbridge/protocol';

const presetDurations: Record<(typeof dashboardTimeRangePresets)[number], number> = {
  '1h': 3_600_000,
  '24h': 86_400_000,
  '7d': 7 * 86_400_000,
};

/** A range made concrete: bounds and the bucket width its charts use. */
export interface ResolvedTimeRange {
  since: Date;
  until: Date;
  bucketMs: number;
  label: string;
}

/** Picks a bucket width that gives a readable number of points (12–48) for the span. */
function bucketFor(spanMs: number): number {
  if (spanMs <= 2 * 3_600_000) return 5 * 60_000;
  if (spanMs <= 2 * 86_400_000) return 3_600_000;
  if (spanMs <= 14 * 86_400_000) return 6 * 3_600_000;
  return 86_400_000;
}

/** Resolves a range against the current time. */
export function resolveTimeRange(range: DashboardTimeRange, now: Date): ResolvedTimeRange {
  if ('preset' in range) {
    const spanMs = presetDurations[range.preset];
    const labels = { '1h': 'the last hour', '24h': 'the last 24 hours', '7d': 'the last 7 days' };
    return {
      since: new Date(now.getTime() - spanMs),
      until: now,
      bucketMs: bucketFor(spanMs),
      label: labels[range.preset],
    };
  }
  const since = new Date(range.since);
  const until = new Date(range.until);
  return {
    since,
    until,
    bucketMs: bucketFor(until.getTime() - since.getTime()),
    label: `${since.toISOString().slice(0, 16).replace('T', ' ')} – ${until.toISOString().slice(0, 16).replace('T', ' ')} UTC`,
  };
}
