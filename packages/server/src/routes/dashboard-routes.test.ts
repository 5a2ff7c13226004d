import { describe, expect, it } from 'vitest';
import { InMemoryAuditLog } from '../governance/audit-log.ts';
import { openSqliteTelemetry } from '../telemetry/open-sqlite-telemetry.ts';
import { createDashboardRoutes } from './dashboard-routes.ts';
import { createTelemetryRoutes } from './telemetry-routes.ts';

const now = new Date('2026-11-30T12:00:00.000Z');

async function setup() {
  const telemetry = await openSqliteTelemetry({
    path: ':memory:',
    clock: () => new Date(now.getTime() - 60_000),
  });
  const routes = createDashboardRoutes({
    sources: { store: { listRuns: async () => [] }, telemetry },
    clock: () => now,
  });
  return { routes, telemetry, events: createTelemetryRoutes({ telemetry }) };
}

describe('dashboard routes', () => {
  it('lists the catalogue', async () => {
    const { routes } = await setup();
    const body = await (await routes.request('/metrics')).json();
    expect(body.metrics.map((metric: { name: string }) => metric.name)).toContain('hostile_widget_blocks');
  });

  it('answers an unknown metric with 404 naming the catalogue', async () => {
    const { routes } = await setup();
    const response = await routes.request('/series?metric=happiness');
    expect(response.status).toBe(404);
    expect((await response.json()).error).toEqual({
      code: 'unknown_metric',
      message: expect.stringContaining('The catalogue has: runs, tokens, generation_time'),
    });
  });

  it.each([
    ['/series?metric=runs&preset=1y', 'invalid_range'],
    ['/series?metric=runs&since=yesterday&until=2026-11-30T00:00:00Z', 'invalid_range'],
    ['/audit?outcome=maybe', 'invalid_filter'],
  ])('answers %s with 400', async (path, code) => {
    const { routes } = await setup();
    const response = await routes.request(path);
    expect(response.status).toBe(400);
    expect((await response.json()).error.code).toBe(code);
  });

  it('counts reported widget events in the series', async () => {
    const { routes, events } = await setup();
    const post = (body: unknown) =>
      events.request('/widget-events', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    expect(
      (await post({ threadId: 't1', widgetId: 'w1', kind: 'csp_violation', detail: 'img-src http://x' }))
        .status,
    ).toBe(201);
    expect((await post({ threadId: 't1', widgetId: 'w1', kind: 'exploded' })).status).toBe(400);
    const series = await (await routes.request('/series?metric=hostile_widget_blocks&preset=1h')).json();
    expect(series.totals).toEqual({ csp_violation: 1, navigation_blocked: 0 });
  });

  it('reads the audit log with filters', async () => {
    const audit = new InMemoryAuditLog();
    const routes = createDashboardRoutes({
      sources: {
        store: { listRuns: async () => [] },
        telemetry: { query: (filter) => audit.query(filter), listWidgetEvents: async () => [] },
      },
      clock: () => now,
    });
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
    const body = await (await routes.request('/audit?preset=1h&outcome=refused')).json();
    expect(body.entries).toHaveLength(1);
    expect((await (await routes.request('/audit?preset=1h&outcome=ok')).json()).entries).toHaveLength(0);
  });
});
