import type { AuditEntry } from '../governance/audit-log.ts';
import type { RunRecord, Store } from '../store/store.ts';
import type { TelemetryStore } from '../telemetry/telemetry-store.ts';
import type { WidgetEvent } from '../telemetry/widget-event.ts';
import type { MetricDefinition } from './metric-catalogue.ts';
import type { ResolvedTimeRange } from './time-range.ts';

/** A metric over a range: one label per bucket, one or more named series, and a sentence that sums it up. */
export interface MetricSeries {
  metric: string;
  title: string;
  unit: string;
  range: { since: string; until: string; label: string; bucketMs: number };
  labels: string[];
  series: Array<{ name: string; values: number[] }>;
  /** Per series the range's total; for generation time `p50`, `p95` and `finished` over all finished runs. */
  totals: Record<string, number>;
  summary: string;
}

/** Where metrics come from: the store's runs, the audit log and the widget events. */
export interface MetricSources {
  store: Pick<Store, 'listRuns'>;
  telemetry: Pick<TelemetryStore, 'query' | 'listWidgetEvents'>;
}

interface Evidence {
  runs: RunRecord[];
  audit: AuditEntry[];
  events: WidgetEvent[];
}

function percentile(sorted: number[], fraction: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))] ?? 0;
}

function runDurationMs(run: RunRecord): number | null {
  return run.endedAt === null ? null : Date.parse(run.endedAt) - Date.parse(run.startedAt);
}

/** Splits timestamped items into the range's buckets and lets `measure` turn each bucket into values. */
function bucketed<Item>(
  range: ResolvedTimeRange,
  items: Item[],
  timeOf: (item: Item) => string,
  names: string[],
  measure: (bucket: Item[], name: string) => number,
): { labels: string[]; series: Array<{ name: string; values: number[] }> } {
  const start = range.since.getTime();
  const count = Math.max(1, Math.ceil((range.until.getTime() - start) / range.bucketMs));
  const buckets: Item[][] = Array.from({ length: count }, () => []);
  for (const item of items) {
    const index = Math.floor((Date.parse(timeOf(item)) - start) / range.bucketMs);
    if (index >= 0 && index < count) buckets[index]!.push(item);
  }
  return {
    labels: buckets.map((_, index) => new Date(start + index * range.bucketMs).toISOString()),
    series: names.map((name) => ({ name, values: buckets.map((bucket) => measure(bucket, name)) })),
  };
}

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

function countsSeries(range: ResolvedTimeRange, evidence: Evidence, metric: string) {
  const isTimeout = (entry: AuditEntry) => entry.reason?.startsWith('timeout:') === true;
  switch (metric) {
    case 'runs':
      return bucketed(
        range,
        evidence.runs,
        (run) => run.startedAt,
        ['finished', 'error', 'cancelled', 'interrupted'],
        (bucket, name) => bucket.filter((run) => run.status === name).length,
      );
    case 'tokens':
      return bucketed(
        range,
        evidence.runs,
        (run) => run.startedAt,
        // Cached input is a part of input (not added to it): the chart draws the two overlapping, not stacked.
        ['input', 'cached_input', 'output'],
        (bucket, name) =>
          sum(
            bucket.map(
              (run) =>
                (name === 'input'
                  ? run.inputTokens
                  : name === 'cached_input'
                    ? run.cachedInputTokens
                    : run.outputTokens) ?? 0,
            ),
          ),
      );
    case 'generation_time':
      return bucketed(
        range,
        evidence.runs,
        (run) => run.startedAt,
        ['p50', 'p95'],
        (bucket, name) => percentile(finishedDurations(bucket), name === 'p50' ? 0.5 : 0.95),
      );
    case 'widgets':
      return bucketed(
        range,
        evidence.events,
        (event) => event.at,
        ['rendered', 'failed'],
        (bucket, name) =>
          bucket.filter((event) =>
            name === 'rendered'
              ? event.kind === 'rendered'
              : event.kind === 'error' || event.kind === 'unresponsive',
          ).length,
      );
    case 'tool_calls': {
      const tools = [...new Set(evidence.audit.map((entry) => entry.tool))].sort();
      return bucketed(
        range,
        evidence.audit,
        (entry) => entry.at,
        tools,
        (bucket, name) => bucket.filter((entry) => entry.tool === name).length,
      );
    }
    case 'parked_call_timeouts':
      return bucketed(
        range,
        evidence.audit.filter(isTimeout),
        (entry) => entry.at,
        ['timeouts'],
        (bucket) => bucket.length,
      );
    case 'hostile_widget_blocks':
      return bucketed(
        range,
        evidence.events,
        (event) => event.at,
        ['csp_violation', 'navigation_blocked'],
        (bucket, name) => bucket.filter((event) => event.kind === name).length,
      );
    default:
      return bucketed(
        range,
        evidence.audit,
        (entry) => entry.at,
        ['refused'],
        (bucket) => bucket.filter((entry) => entry.outcome === 'refused').length,
      );
  }
}

/** Durations of the finished runs, shortest first. */
function finishedDurations(runs: RunRecord[]): number[] {
  return runs
    .flatMap((run) => (run.status === 'finished' ? [runDurationMs(run) ?? 0] : []))
    .sort((a, b) => a - b);
}

/**
 * A metric's figures over the whole range: the sum of each series, except generation time, whose
 * percentiles must come from all finished runs (a percentile of bucket percentiles would be wrong).
 */
function totalsFor(
  metric: string,
  series: Array<{ name: string; values: number[] }>,
  evidence: Evidence,
): Record<string, number> {
  if (metric !== 'generation_time') {
    return Object.fromEntries(series.map((entry) => [entry.name, sum(entry.values)]));
  }
  const durations = finishedDurations(evidence.runs);
  return durations.length === 0
    ? { finished: 0 }
    : { p50: percentile(durations, 0.5), p95: percentile(durations, 0.95), finished: durations.length };
}

function summarise(definition: MetricDefinition, range: ResolvedTimeRange, totals: Record<string, number>) {
  const format = (value: number) => Math.round(value).toLocaleString('en-US');
  if (definition.name === 'generation_time') {
    if (!totals.finished) return `${definition.title} over ${range.label}: no finished runs.`;
    return `${definition.title} over ${range.label}: p50 ${format(totals.p50 ?? 0)} ms, p95 ${format(totals.p95 ?? 0)} ms across ${totals.finished} finished runs.`;
  }
  const parts = Object.entries(totals).map(
    ([name, total]) => `${name.replaceAll('_', ' ')} ${format(total)}`,
  );
  return `${definition.title} over ${range.label}: ${parts.length ? parts.join(', ') : 'nothing recorded'} (${definition.unit}).`;
}

/** Whose data a metric counts: one user's threads, or (`null`, for an admin) everyone's. */
export type MetricScope = { userId: string } | null;

/** The user's scope, or everyone's for an admin. */
export function metricScopeFor(user: { id: string; isAdmin: boolean }): MetricScope {
  return user.isAdmin ? null : { userId: user.id };
}

/** Computes one catalogue metric over a resolved range, over the data `scope` may see. */
export async function computeMetric({
  definition,
  range,
  sources,
  scope,
}: {
  definition: MetricDefinition;
  range: ResolvedTimeRange;
  sources: MetricSources;
  scope: MetricScope;
}): Promise<MetricSeries> {
  const window = { since: range.since.toISOString(), until: range.until.toISOString() };
  const scoped = { ...window, ...(scope === null ? {} : { userId: scope.userId }) };
  const [runs, audit, events] = await Promise.all([
    sources.store.listRuns(scoped),
    sources.telemetry.query({ ...scoped, limit: 5000 }),
    sources.telemetry.listWidgetEvents(scoped),
  ]);
  const evidence = { runs, audit, events };
  const { labels, series } = countsSeries(range, evidence, definition.name);
  const totals = totalsFor(definition.name, series, evidence);
  return {
    metric: definition.name,
    title: definition.title,
    unit: definition.unit,
    range: { ...window, label: range.label, bucketMs: range.bucketMs },
    labels,
    series,
    totals,
    summary: summarise(definition, range, totals),
  };
}
