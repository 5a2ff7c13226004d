import {
  type AuditEntry,
  auditListResponseSchema,
  type DashboardTimeRange,
  type MetricDefinition,
  type MetricSeries,
  metricCatalogueResponseSchema,
  metricSeriesSchema,
  type RunListResponse,
  runListResponseSchema,
} from '@drawbridge/protocol';
import { requestJson } from '@drawbridge/react';
import { timeRangeQuery } from './dashboard-view.ts';

export interface AuditFilter {
  tool?: string | undefined;
  outcome?: AuditEntry['outcome'] | undefined;
}

function withSignal(signal: AbortSignal | undefined): RequestInit {
  return { signal: signal ?? null };
}

/** The curated metric catalogue. */
export async function fetchMetricCatalogue(signal?: AbortSignal): Promise<MetricDefinition[]> {
  const path = '/api/dashboard/metrics';
  return (await requestJson({ path, schema: metricCatalogueResponseSchema, init: withSignal(signal) }))
    .metrics;
}

/** One metric's buckets over a range; an unknown metric rejects with the server's `unknown_metric` ApiError. */
export function fetchMetricSeries(
  metric: string,
  range: DashboardTimeRange,
  signal?: AbortSignal,
): Promise<MetricSeries> {
  const query = timeRangeQuery(range);
  query.set('metric', metric);
  const path = `/api/dashboard/series?${query.toString()}`;
  return requestJson({ path, schema: metricSeriesSchema, init: withSignal(signal) });
}

/** The latest runs (at most 200) in a range, the total count, and whether sample data is among them. */
export function fetchRuns(range: DashboardTimeRange, signal?: AbortSignal): Promise<RunListResponse> {
  const path = `/api/dashboard/runs?${timeRangeQuery(range).toString()}`;
  return requestJson({ path, schema: runListResponseSchema, init: withSignal(signal) });
}

/** Audit log entries in a range, optionally for one tool or outcome. */
export async function fetchAuditEntries(
  range: DashboardTimeRange,
  filter: AuditFilter,
  signal?: AbortSignal,
): Promise<AuditEntry[]> {
  const query = timeRangeQuery(range);
  if (filter.tool) query.set('tool', filter.tool);
  if (filter.outcome) query.set('outcome', filter.outcome);
  const path = `/api/dashboard/audit?${query.toString()}`;
  return (await requestJson({ path, schema: auditListResponseSchema, init: withSignal(signal) })).entries;
}
