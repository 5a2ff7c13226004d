import {
  type DashboardPage,
  type DashboardTimeRange,
  dashboardPages,
  dashboardTimeRangeSchema,
} from '@drawbridge/protocol';

/** What the dashboard shows: one page over one time range. Lives in the URL hash. */
export interface DashboardView {
  page: DashboardPage;
  range: DashboardTimeRange;
}

export const defaultDashboardView: DashboardView = { page: 'overview', range: { preset: '24h' } };

export const dashboardPageTitles: Record<DashboardPage, string> = {
  overview: 'Overview',
  runs: 'Runs',
  widgets: 'Widgets',
  tools: 'Tools',
  audit: 'Audit log',
};

const presetDescriptions = { '1h': 'the last hour', '24h': 'the last 24 hours', '7d': 'the last 7 days' };
const boundFormat = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** The range in words: "the last 7 days", or "Mar 3, 09:00 – Mar 4, 09:00" for custom bounds. */
export function describeTimeRange(range: DashboardTimeRange): string {
  if ('preset' in range) return presetDescriptions[range.preset];
  return `${boundFormat.format(new Date(range.since))} – ${boundFormat.format(new Date(range.until))}`;
}

/** The range as the dashboard API's query parameters. */
export function timeRangeQuery(range: DashboardTimeRange): URLSearchParams {
  return new URLSearchParams(
    'preset' in range ? { preset: range.preset } : { since: range.since, until: range.until },
  );
}

/** `#/dashboard/<page>?preset=24h` (or `?since=…&until=…`). */
export function dashboardHash(view: DashboardView): string {
  return `#/dashboard/${view.page}?${timeRangeQuery(view.range).toString()}`;
}

/** Reads the view from a hash; undefined when the hash is not a dashboard route. Bad parts fall back to defaults. */
export function viewFromHash(hash: string): DashboardView | undefined {
  const match = /^#\/dashboard(?:\/([a-z]+))?\/?(?:\?(.*))?$/.exec(hash);
  if (!match) return undefined;
  const pageName = match[1] ?? defaultDashboardView.page;
  const page = (dashboardPages as readonly string[]).includes(pageName)
    ? (pageName as DashboardPage)
    : defaultDashboardView.page;
  const query = new URLSearchParams(match[2] ?? '');
  const since = query.get('since');
  const until = query.get('until');
  const candidate =
    since !== null && until !== null ? { since, until } : { preset: query.get('preset') ?? '' };
  const parsed = dashboardTimeRangeSchema.safeParse(candidate);
  return { page, range: parsed.success ? parsed.data : defaultDashboardView.range };
}

/** Whether two ranges are the same choice (used to mark the active preset). */
export function sameTimeRange(left: DashboardTimeRange, right: DashboardTimeRange): boolean {
  return timeRangeQuery(left).toString() === timeRangeQuery(right).toString();
}
