import type { DashboardTimeRange } from '@drawbridge/protocol';
import { z } from 'zod';
import { ApiError } from '../api/api-error.ts';
import { timeRangeQuery } from './dashboard-view.ts';

export const metricSeriesSchema = z.object({
  metric: z.string(),
  title: z.string(),
  unit: z.string(),
  range: z.object({ since: z.string(), until: z.string(), label: z.string(), bucketMs: z.number() }),
  labels: z.array(z.string()),
  series: z.array(z.object({ name: z.string(), values: z.array(z.number()) })),
  totals: z.record(z.string(), z.number()),
  summary: z.string(),
});
/** One metric over a range, as `GET /api/dashboard/series` answers. */
export type MetricSeries = z.infer<typeof metricSeriesSchema>;

const metricDefinitionSchema = z.object({
  name: z.string(),
  title: z.string(),
  unit: z.string(),
  description: z.string(),
  page: z.string(),
});
export type MetricDefinition = z.infer<typeof metricDefinitionSchema>;

const runRecordSchema = z.object({
  id: z.string(),
  threadId: z.string(),
  model: z.string(),
  startedAt: z.string(),
  endedAt: z.string().nullable(),
  status: z.string(),
  inputTokens: z.number().nullable(),
  outputTokens: z.number().nullable(),
  error: z.string().nullable(),
});
export type RunRecord = z.infer<typeof runRecordSchema>;
const runsResponseSchema = z.object({
  runs: z.array(runRecordSchema),
  total: z.number(),
  includesSample: z.boolean(),
});
export type RunsResponse = z.infer<typeof runsResponseSchema>;

const auditEntrySchema = z.object({
  id: z.string(),
  at: z.string(),
  actor: z.string(),
  threadId: z.string().nullable(),
  runId: z.string().nullable(),
  toolCallId: z.string().nullable(),
  tool: z.string(),
  argumentsDigest: z.string(),
  outcome: z.enum(['ok', 'error', 'refused']),
  reason: z.string().nullable(),
  durationMs: z.number(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;
export interface AuditFilter {
  tool?: string | undefined;
  outcome?: AuditEntry['outcome'] | undefined;
}

async function getJson<Schema extends z.ZodType>(
  path: string,
  schema: Schema,
  signal?: AbortSignal,
): Promise<z.infer<Schema>> {
  const response = await fetch(path, { headers: { Accept: 'application/json' }, signal: signal ?? null });
  if (!response.ok) throw await ApiError.fromResponse(response);
  const parsed = schema.safeParse(await response.json());
  if (!parsed.success) {
    throw new ApiError({
      code: 'unexpected_response',
      message: `The server sent an unexpected answer for ${path}.`,
      status: response.status,
    });
  }
  return parsed.data;
}

/** The curated metric catalogue. */
export async function fetchMetricCatalogue(signal?: AbortSignal): Promise<MetricDefinition[]> {
  return (
    await getJson('/api/dashboard/metrics', z.object({ metrics: z.array(metricDefinitionSchema) }), signal)
  ).metrics;
}

/** One metric's buckets over a range; an unknown metric rejects with the server's `unknown_metric` ApiError. */
export function fetchMetricSeries(
  metric: string,
  range: DashboardTimeRange,
  signal?: AbortSignal,
): Promise<MetricSeries> {
  const query = timeRangeQuery(range);
  query.set('metric', metric);
  return getJson(`/api/dashboard/series?${query.toString()}`, metricSeriesSchema, signal);
}

/** The latest runs (at most 200) in a range, the total count, and whether sample data is among them. */
export function fetchRuns(range: DashboardTimeRange, signal?: AbortSignal): Promise<RunsResponse> {
  return getJson(`/api/dashboard/runs?${timeRangeQuery(range).toString()}`, runsResponseSchema, signal);
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
  return (
    await getJson(
      `/api/dashboard/audit?${query.toString()}`,
      z.object({ entries: z.array(auditEntrySchema) }),
      signal,
    )
  ).entries;
}
