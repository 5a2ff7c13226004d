import { describe, expect, it } from 'vitest';
import type { AuditEntry } from '../governance/audit-log.ts';
import type { RunRecord } from '../store/store.ts';
import type { WidgetEvent } from '../telemetry/widget-event.ts';
import { computeMetric, type MetricSources } from './compute-metric.ts';
import { findMetric } from './metric-catalogue.ts';
import { resolveTimeRange } from './time-range.ts';

const now = new Date('2026-11-30T12:00:00.000Z');

function run(minutesAgo: number, durationMs: number, overrides: Partial<RunRecord> = {}): RunRecord {
  const startedAt = new Date(now.getTime() - minutesAgo * 60_000);
  return {
    id: `r${minutesAgo}`,
    threadId: 't1',
    model: 'demo',
    startedAt: startedAt.toISOString(),
    endedAt: new Date(startedAt.getTime() + durationMs).toISOString(),
    instanceId: null,
    leaseExpiresAt: null,
    status: 'finished',
    inputTokens: 100,
    cachedInputTokens: null,
    outputTokens: 40,
    error: null,
    ...overrides,
  };
}

function sources({
  runs = [],
  audit = [],
  events = [],
}: {
  runs?: RunRecord[];
  audit?: AuditEntry[];
  events?: WidgetEvent[];
}) {
  return {
    store: { listRuns: async () => runs },
    telemetry: { query: async () => audit, listWidgetEvents: async () => events },
  } satisfies MetricSources;
}

const hour = resolveTimeRange({ preset: '1h' }, now);

describe('computeMetric', () => {
  it('buckets runs by outcome into 5-minute buckets for the last hour', async () => {
    const result = await computeMetric({
      scope: null,
      definition: findMetric('runs')!,
      range: hour,
      sources: sources({ runs: [run(59, 10), run(58, 10), run(2, 10, { status: 'error' }), run(120, 10)] }),
    });
    expect(result.labels).toHaveLength(12);
    expect(result.series.find((series) => series.name === 'finished')?.values[0]).toBe(2);
    expect(result.series.find((series) => series.name === 'error')?.values[11]).toBe(1);
    expect(result.totals).toEqual({ finished: 2, error: 1, cancelled: 0, interrupted: 0 });
    expect(result.summary).toBe(
      'Runs over the last hour: finished 2, error 1, cancelled 0, interrupted 0 (runs).',
    );
  });

  it('sums tokens in and out, and the cached part of the input beside them', async () => {
    const result = await computeMetric({
      scope: null,
      definition: findMetric('tokens')!,
      range: hour,
      sources: sources({
        runs: [run(10, 5), run(20, 5, { inputTokens: 1000, cachedInputTokens: 800, outputTokens: 2500 })],
      }),
    });
    expect(result.series.map((series) => series.name)).toEqual(['input', 'cached_input', 'output']);
    expect(result.series.find((series) => series.name === 'cached_input')?.values[8]).toBe(800);
    expect(result.totals).toEqual({ input: 1100, cached_input: 800, output: 2540 });
    expect(result.summary).toContain('input 1,100, cached input 800, output 2,540');
  });

  it('reports p50 and p95 generation time of finished runs', async () => {
    const runs = Array.from({ length: 20 }, (_, index) => run(30, (index + 1) * 100));
    runs.push(run(30, 99_999, { status: 'cancelled' }));
    const result = await computeMetric({
      scope: null,
      definition: findMetric('generation_time')!,
      range: hour,
      sources: sources({ runs }),
    });
    expect(result.summary).toBe(
      'Generation time over the last hour: p50 1,100 ms, p95 2,000 ms across 20 finished runs.',
    );
    expect(result.totals).toEqual({ p50: 1100, p95: 2000, finished: 20 });
  });

  it('counts parked-call timeouts and tool calls by tool from the audit log', async () => {
    const entry = (tool: string, reason: string | null): AuditEntry => ({
      id: Math.random().toString(),
      at: new Date(now.getTime() - 60_000).toISOString(),
      actor: 'widgets',
      threadId: 't1',
      runId: 'r1',
      toolCallId: 'c',
      tool,
      argumentsDigest: 'd',
      outcome: reason ? 'error' : 'ok',
      reason,
      durationMs: 1,
    });
    const audit = [
      entry('render_table', null),
      entry('render_table', 'timeout: no answer'),
      entry('render_chart', null),
    ];
    const timeouts = await computeMetric({
      scope: null,
      definition: findMetric('parked_call_timeouts')!,
      range: hour,
      sources: sources({ audit }),
    });
    expect(timeouts.totals).toEqual({ timeouts: 1 });
    const byTool = await computeMetric({
      scope: null,
      definition: findMetric('tool_calls')!,
      range: hour,
      sources: sources({ audit }),
    });
    expect(byTool.totals).toEqual({ render_chart: 1, render_table: 2 });
  });

  it('counts hostile-widget blocks and rendered vs failed widgets from widget events', async () => {
    const event = (kind: WidgetEvent['kind']): WidgetEvent => ({
      id: kind,
      at: new Date(now.getTime() - 120_000).toISOString(),
      threadId: 't1',
      widgetId: 'w1',
      kind,
      detail: '',
    });
    const events = [
      event('rendered'),
      event('rendered'),
      event('error'),
      event('csp_violation'),
      event('navigation_blocked'),
    ];
    const widgets = await computeMetric({
      scope: null,
      definition: findMetric('widgets')!,
      range: hour,
      sources: sources({ events }),
    });
    expect(widgets.totals).toEqual({ rendered: 2, failed: 1 });
    const blocks = await computeMetric({
      scope: null,
      definition: findMetric('hostile_widget_blocks')!,
      range: hour,
      sources: sources({ events }),
    });
    expect(blocks.totals).toEqual({ csp_violation: 1, navigation_blocked: 1 });
  });
});

describe('resolveTimeRange', () => {
  it('resolves presets and custom ranges with readable bucket counts', () => {
    expect(resolveTimeRange({ preset: '24h' }, now)).toMatchObject({
      bucketMs: 3_600_000,
      label: 'the last 24 hours',
    });
    expect(resolveTimeRange({ preset: '7d' }, now).bucketMs).toBe(6 * 3_600_000);
    const custom = resolveTimeRange({ since: '2026-11-01T00:00:00Z', until: '2026-11-30T00:00:00Z' }, now);
    expect(custom.bucketMs).toBe(86_400_000);
  });
});
