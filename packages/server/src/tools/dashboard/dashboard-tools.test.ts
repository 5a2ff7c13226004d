import { dashboardToolDefinitions } from '@drawbridge/protocol';
import { describe, expect, it } from 'vitest';
import { InMemoryClientToolBridge } from '../../bridge/in-memory-client-tool-bridge.ts';
import { InMemoryAuditLog } from '../../governance/audit-log.ts';
import { CallLimits } from '../../governance/call-limits.ts';
import { governTools } from '../../governance/govern-tools.ts';
import type { RunRecord } from '../../store/store.ts';
import type { AgentTool, ToolContext } from '../agent-tool.ts';
import { dashboardControlTool } from './dashboard-control-tool.ts';
import { listMetricsTool } from './list-metrics-tool.ts';
import { metricChartTool } from './metric-chart-tool.ts';

const now = new Date('2026-11-30T12:00:00.000Z');

function context(overrides: Partial<ToolContext> = {}): ToolContext {
  return {
    threadId: 't1',
    runId: 'r1',
    owner: { userId: 'local', isAdmin: true },
    toolCallId: 'c1',
    abortSignal: new AbortController().signal,
    clientAttached: true,
    announceParked: () => {},
    ...overrides,
  };
}

function runDaysAgo(days: number): RunRecord {
  const startedAt = new Date(now.getTime() - days * 86_400_000);
  return {
    id: `r${days}`,
    threadId: 't1',
    model: 'demo',
    startedAt: startedAt.toISOString(),
    endedAt: new Date(startedAt.getTime() + 1000).toISOString(),
    instanceId: null,
    leaseExpiresAt: null,
    status: 'finished',
    inputTokens: 10,
    cachedInputTokens: null,
    outputTokens: 5,
    error: null,
  };
}

function setup() {
  const bridge = new InMemoryClientToolBridge();
  const requestedWindows: Array<{ since?: string; until?: string } | undefined> = [];
  const sources = {
    store: {
      listRuns: async (window?: { since?: string; until?: string }) => {
        requestedWindows.push(window);
        return [runDaysAgo(0.5), runDaysAgo(3)].filter(
          (run) => !window?.since || run.startedAt >= window.since,
        );
      },
    },
    telemetry: { query: async () => [], listWidgetEvents: async () => [] },
  };
  const answer = (message: string) =>
    bridge.answer({ threadId: 't1', toolCallId: 'c1', result: { status: 'rendered', message } });
  return { bridge, sources, answer, requestedWindows };
}

describe('the tools the dashboard panel answers', () => {
  it("are the protocol's dashboard tool list, which the panel's registry reads too", () => {
    const { bridge, sources } = setup();
    const tools = [
      dashboardControlTool({ bridge, timeoutMs: 60_000 }) as AgentTool,
      metricChartTool({ bridge, timeoutMs: 60_000, sources }) as AgentTool,
    ];
    expect(tools.map((tool) => [tool.name, tool.description, tool.inputSchema])).toEqual(
      dashboardToolDefinitions.map((definition) => [
        definition.name,
        definition.description,
        definition.schema,
      ]),
    );
  });
});

describe('list_metrics', () => {
  it('lists the catalogue with units', async () => {
    const outcome = await listMetricsTool().execute({}, context());
    expect(outcome.ok && outcome.output).toContain('- tokens (tokens): Token usage.');
  });
});

describe('dashboard_control', () => {
  it('round-trips through the browser and returns what the browser did', async () => {
    const { bridge, answer } = setup();
    const tool = dashboardControlTool({ bridge, timeoutMs: 60_000 });
    const pending = tool.execute({ operation: 'navigate', page: 'widgets' }, context());
    await Promise.resolve();
    answer('Now showing the widgets page for the last 24 hours.');
    expect(await pending).toEqual({
      ok: true,
      output: 'Now showing the widgets page for the last 24 hours.',
    });
  });

  it('refuses an unknown operation before the browser sees it', async () => {
    const { bridge } = setup();
    // Arguments are validated once, by the governance chain every call passes.
    const [governed] = governTools({
      tools: [dashboardControlTool({ bridge, timeoutMs: 60_000 }) as AgentTool],
      skill: {
        name: 'dashboard',
        description: 'd',
        allowedTools: new Set(['dashboard_control']),
        instructions: 'x',
        file: '/skills/dashboard/SKILL.md',
      },
      limits: new CallLimits({ callsPerRun: 10, callsPerThreadWindow: 10, windowMs: 60_000 }),
      auditLog: new InMemoryAuditLog(),
    }).offered;
    const outcome = await governed!.execute({ operation: 'delete_everything' }, context());
    expect(outcome).toMatchObject({
      ok: false,
      error: expect.stringContaining('dashboard_control was refused: invalid_arguments: operation'),
    });
    expect(bridge.openCallCount()).toBe(0);
  });
});

describe("the dashboard's render_chart", () => {
  it('refuses a metric outside the catalogue, naming the catalogue', async () => {
    const { bridge, sources } = setup();
    const outcome = await metricChartTool({ bridge, timeoutMs: 60_000, sources }).execute(
      { metric: 'happiness' },
      context(),
    );
    expect(outcome).toMatchObject({
      ok: false,
      error: expect.stringContaining('there is no metric "happiness". The catalogue has: runs, tokens,'),
    });
    expect(bridge.openCallCount()).toBe(0);
  });

  it('adds a numeric summary over the range the dashboard shows', async () => {
    const { bridge, sources, answer } = setup();
    const tool = metricChartTool({ bridge, timeoutMs: 60_000, sources, clock: () => now });
    const pending = tool.execute(
      { metric: 'tokens' },
      context({ clientState: { dashboard: { page: 'overview', range: { preset: '7d' } } } }),
    );
    await Promise.resolve();
    answer('Displayed the Token usage chart.');
    expect(await pending).toEqual({
      ok: true,
      output:
        'Displayed the Token usage chart. Token usage over the last 7 days: input 20, cached input 0, output 10 (tokens).',
    });
  });

  it('falls back to the last 24 hours when the client state says nothing usable', async () => {
    const { bridge, sources, answer } = setup();
    const pending = metricChartTool({ bridge, timeoutMs: 60_000, sources, clock: () => now }).execute(
      { metric: 'tokens' },
      context({ clientState: { dashboard: { range: 'forever' } } }),
    );
    await Promise.resolve();
    answer('Displayed.');
    expect(await pending).toMatchObject({
      output: expect.stringContaining('over the last 24 hours: input 10, cached input 0, output 5'),
    });
  });
});
