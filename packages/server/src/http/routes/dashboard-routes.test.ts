import {
  auditListResponseSchema,
  dashboardRouteErrorCodes,
  metricCatalogueResponseSchema,
  metricSeriesSchema,
  recordWidgetEventResponseSchema,
  runListResponseSchema,
  telemetryRouteErrorCodes,
} from '@drawbridge/protocol';
import { describe, expect, it } from 'vitest';
import { localUser } from '../../auth/signed-in-user.ts';
import { routesSignedInAs } from '../../auth/testing/signed-in-as.ts';
import { sampleModelName } from '../../dashboard/write-sample-history.ts';
import { InMemoryAuditLog } from '../../governance/audit-log.ts';
import type { RunRecord } from '../../store/store.ts';
import { openSqliteTelemetry } from '../../telemetry/open-sqlite-telemetry.ts';
import { createDashboardRoutes } from './dashboard-routes.ts';
import { createTelemetryRoutes } from './telemetry-routes.ts';
import { expectErrorResponse } from './testing/expect-error-response.ts';
import { readJsonResponse } from './testing/read-json-response.ts';

const now = new Date('2026-11-30T12:00:00.000Z');
/** Every thread a test names is the local user's. */
const ownedThreads = {
  getThread: async (id: string) => ({
    id,
    title: 't',
    createdAt: '',
    updatedAt: '',
    userId: localUser.id,
    kind: 'chat' as const,
    model: null,
    pinnedAt: null,
    archivedAt: null,
  }),
};

async function setup() {
  const telemetry = await openSqliteTelemetry({
    path: ':memory:',
    clock: () => new Date(now.getTime() - 60_000),
  });
  const routes = routesSignedInAs(
    createDashboardRoutes({
      sources: { store: { listRuns: async () => [] }, telemetry },
      clock: () => now,
    }),
  );
  return {
    routes,
    telemetry,
    events: routesSignedInAs(createTelemetryRoutes({ telemetry, store: ownedThreads })),
  };
}

describe('dashboard routes', () => {
  it('lists the catalogue', async () => {
    const { routes } = await setup();
    const body = await readJsonResponse(await routes.request('/metrics'), metricCatalogueResponseSchema);
    expect(body.metrics.map((metric) => metric.name)).toContain('hostile_widget_blocks');
  });

  it('answers an unknown metric with 404 naming the catalogue', async () => {
    const { routes } = await setup();
    const response = await routes.request('/series?metric=happiness');
    const message = await expectErrorResponse({
      response,
      status: 404,
      codes: dashboardRouteErrorCodes,
      code: 'unknown_metric',
    });
    expect(message).toContain('The catalogue has: runs, tokens, generation_time');
  });

  it.each([
    ['/series?metric=runs&preset=1y', 'invalid_range'],
    ['/series?metric=runs&since=yesterday&until=2026-11-30T00:00:00Z', 'invalid_range'],
    ['/audit?outcome=maybe', 'invalid_filter'],
    ['/runs?preset=1y', 'invalid_range'],
  ] as const)('answers %s with 400', async (path, code) => {
    const { routes } = await setup();
    const response = await routes.request(path);
    await expectErrorResponse({ response, status: 400, codes: dashboardRouteErrorCodes, code });
  });

  it('counts reported widget events in the series', async () => {
    const { routes, events } = await setup();
    const post = (body: unknown) =>
      events.request('/widget-events', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const recorded = await post({
      threadId: 't1',
      widgetId: 'w1',
      kind: 'csp_violation',
      detail: 'img-src http://x',
    });
    expect(recorded.status).toBe(201);
    expect((await readJsonResponse(recorded, recordWidgetEventResponseSchema)).event).toMatchObject({
      kind: 'csp_violation',
      detail: 'img-src http://x',
    });
    await expectErrorResponse({
      response: await post({ threadId: 't1', widgetId: 'w1', kind: 'exploded' }),
      status: 400,
      codes: telemetryRouteErrorCodes,
      code: 'invalid_body',
    });
    const series = await readJsonResponse(
      await routes.request('/series?metric=hostile_widget_blocks&preset=1h'),
      metricSeriesSchema,
    );
    expect(series.totals).toEqual({ csp_violation: 1, navigation_blocked: 0 });
  });

  it('reads the audit log with filters', async () => {
    const audit = new InMemoryAuditLog();
    const routes = routesSignedInAs(
      createDashboardRoutes({
        sources: {
          store: { listRuns: async () => [] },
          telemetry: { query: (filter) => audit.query(filter), listWidgetEvents: async () => [] },
        },
        clock: () => now,
      }),
    );
    await audit.append({
      id: 'a1',
      at: '2026-11-30T11:59:00.000Z',
      actor: 'dashboard',
      threadId: 't1',
      runId: 'r1',
      toolCallId: 'c1',
      tool: 'render_chart',
      argumentsDigest: 'd',
      outcome: 'refused',
      reason: 'not_granted',
      durationMs: 1,
    });
    const body = await readJsonResponse(
      await routes.request('/audit?preset=1h&outcome=refused'),
      auditListResponseSchema,
    );
    expect(body.entries).toHaveLength(1);
    const none = await readJsonResponse(
      await routes.request('/audit?preset=1h&outcome=ok'),
      auditListResponseSchema,
    );
    expect(none.entries).toHaveLength(0);
  });

  it('lists the runs of a range newest first, with the total and whether sample data is among them', async () => {
    const run = (id: string, startedAt: string, model = 'replay:test'): RunRecord => ({
      id,
      threadId: 't1',
      model,
      startedAt,
      endedAt: null,
      instanceId: null,
      leaseExpiresAt: null,
      status: 'finished',
      inputTokens: 10,
      cachedInputTokens: null,
      outputTokens: null,
      error: null,
    });
    const routes = routesSignedInAs(
      createDashboardRoutes({
        sources: {
          store: {
            listRuns: async () => [
              run('older', '2026-11-30T11:10:00.000Z'),
              run('newer', '2026-11-30T11:50:00.000Z', sampleModelName),
            ],
          },
          telemetry: { query: async () => [], listWidgetEvents: async () => [] },
        },
        clock: () => now,
      }),
    );
    const body = await readJsonResponse(await routes.request('/runs?preset=1h'), runListResponseSchema);
    expect(body.runs.map((listed) => listed.id)).toEqual(['newer', 'older']);
    expect(body.total).toBe(2);
    expect(body.includesSample).toBe(true);
  });
});
