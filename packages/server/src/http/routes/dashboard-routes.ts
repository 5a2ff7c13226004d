import {
  type AuditListResponse,
  type DashboardRouteErrorCode,
  type DashboardTimeRange,
  dashboardTimeRangeSchema,
  describeSchemaError,
  type MetricCatalogueResponse,
  type MetricSeries,
  type RunListResponse,
} from '@drawbridge/protocol';
import { type Context, Hono } from 'hono';
import { z } from 'zod';
import { requestUser } from '../../auth/request-user.ts';
import { computeMetric, type MetricSources, metricScopeFor } from '../../dashboard/compute-metric.ts';
import { findMetric, metricCatalogue } from '../../dashboard/metric-catalogue.ts';
import { resolveTimeRange } from '../../dashboard/time-range.ts';
import { sampleModelName } from '../../dashboard/write-sample-history.ts';
import { type ErrorResponder, errorResponse } from '../http-error.ts';

const refuse: ErrorResponder<DashboardRouteErrorCode> = errorResponse;

const auditFilterSchema = z.object({
  tool: z.string().max(64).optional(),
  outcome: z.enum(['ok', 'error', 'refused']).optional(),
  limit: z.coerce.number().int().min(1).max(1000).default(200),
});

/** Reads `?preset=` or `?since=&until=` (default: the last 24 hours); a bad range is a value, not a throw. */
function rangeFromQuery(
  context: Context,
): { ok: true; range: DashboardTimeRange } | { ok: false; message: string } {
  const { preset, since, until } = context.req.query();
  const candidate =
    since !== undefined || until !== undefined ? { since, until } : { preset: preset ?? '24h' };
  const parsed = dashboardTimeRangeSchema.safeParse(candidate);
  return parsed.success
    ? { ok: true, range: parsed.data }
    : { ok: false, message: `Invalid time range: ${describeSchemaError(parsed.error)}` };
}

/**
 * `/api/dashboard/*`: the metric catalogue, one metric's series, the runs list and the audit log, over the
 * signed-in user's threads; an admin sees every user's.
 */
export function createDashboardRoutes({
  sources,
  clock = () => new Date(),
}: {
  sources: MetricSources;
  clock?: () => Date;
}): Hono {
  const routes = new Hono();

  routes.get('/metrics', (context) =>
    context.json({ metrics: [...metricCatalogue] } satisfies MetricCatalogueResponse),
  );

  routes.get('/series', async (context) => {
    const name = context.req.query('metric') ?? '';
    const definition = findMetric(name);
    if (!definition) {
      const names = metricCatalogue.map((metric) => metric.name).join(', ');
      return refuse(
        context,
        404,
        'unknown_metric',
        `There is no metric "${name}". The catalogue has: ${names}.`,
      );
    }
    const range = rangeFromQuery(context);
    if (!range.ok) return refuse(context, 400, 'invalid_range', range.message);
    const series: MetricSeries = await computeMetric({
      definition,
      range: resolveTimeRange(range.range, clock()),
      sources,
      scope: metricScopeFor(requestUser(context)),
    });
    return context.json(series);
  });

  routes.get('/runs', async (context) => {
    const range = rangeFromQuery(context);
    if (!range.ok) return refuse(context, 400, 'invalid_range', range.message);
    const resolved = resolveTimeRange(range.range, clock());
    const scope = metricScopeFor(requestUser(context));
    const runs = await sources.store.listRuns({
      since: resolved.since.toISOString(),
      until: resolved.until.toISOString(),
      ...(scope === null ? {} : { userId: scope.userId }),
    });
    return context.json({
      runs: runs.slice(-200).reverse(),
      total: runs.length,
      includesSample: runs.some((run) => run.model === sampleModelName),
    } satisfies RunListResponse);
  });

  routes.get('/audit', async (context) => {
    const range = rangeFromQuery(context);
    if (!range.ok) return refuse(context, 400, 'invalid_range', range.message);
    const filter = auditFilterSchema.safeParse(context.req.query());
    if (!filter.success) return refuse(context, 400, 'invalid_filter', describeSchemaError(filter.error));
    const resolved = resolveTimeRange(range.range, clock());
    const scope = metricScopeFor(requestUser(context));
    const entries = await sources.telemetry.query({
      ...(scope === null ? {} : { userId: scope.userId }),
      since: resolved.since.toISOString(),
      until: resolved.until.toISOString(),
      ...(filter.data.tool ? { tool: filter.data.tool } : {}),
      ...(filter.data.outcome ? { outcome: filter.data.outcome } : {}),
      limit: filter.data.limit,
    });
    return context.json({ entries } satisfies AuditListResponse);
  });

  return routes;
}
