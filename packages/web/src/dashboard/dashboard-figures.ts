import type { LoadedDashboardData } from './use-dashboard-data.ts';

/** The headline numbers of a range, computed once for the KPI tiles and for the agent's `read`. */
export interface DashboardFigures {
  runs: number;
  runErrors: number;
  inputTokens: number;
  outputTokens: number;
  /** Over every finished run of the range (computed by the server); null without finished runs. */
  generationP50Ms: number | null;
  generationP95Ms: number | null;
  finishedRuns: number;
  widgetsRendered: number;
  widgetsFailed: number;
  toolCalls: number;
  refusedToolCalls: number;
  parkedCallTimeouts: number;
  hostileWidgetBlocks: number;
}

/** Sums the loaded series into the dashboard's headline figures. */
export function dashboardFigures(data: LoadedDashboardData): DashboardFigures {
  const total = (metric: string, ...names: string[]) => {
    const totals = data.series.get(metric)?.totals ?? {};
    const picked = names.length > 0 ? names : Object.keys(totals);
    return picked.reduce((sum, name) => sum + (Object.hasOwn(totals, name) ? (totals[name] ?? 0) : 0), 0);
  };
  const generation = data.series.get('generation_time')?.totals ?? {};
  return {
    runs: total('runs'),
    runErrors: total('runs', 'error'),
    inputTokens: total('tokens', 'input'),
    outputTokens: total('tokens', 'output'),
    generationP50Ms: generation.p50 ?? null,
    generationP95Ms: generation.p95 ?? null,
    finishedRuns: generation.finished ?? 0,
    widgetsRendered: total('widgets', 'rendered'),
    widgetsFailed: total('widgets', 'failed'),
    toolCalls: total('tool_calls'),
    refusedToolCalls: total('refused_tool_calls'),
    parkedCallTimeouts: total('parked_call_timeouts'),
    hostileWidgetBlocks: total('hostile_widget_blocks'),
  };
}

const count = new Intl.NumberFormat('en-US');

/** Milliseconds as people read them: "840 ms", "2.4 s". */
export function formatDuration(milliseconds: number | null): string {
  if (milliseconds === null) return '—';
  return milliseconds < 1000 ? `${Math.round(milliseconds)} ms` : `${(milliseconds / 1000).toFixed(1)} s`;
}

/** The figures in one line for the agent: "runs 42 (3 errors), tokens in 12,400 / out 3,100, …". */
export function describeFigures(figures: DashboardFigures): string {
  return [
    `runs ${count.format(figures.runs)} (${count.format(figures.runErrors)} errors)`,
    `tokens in ${count.format(figures.inputTokens)} / out ${count.format(figures.outputTokens)}`,
    figures.finishedRuns > 0
      ? `generation time p50 ${formatDuration(figures.generationP50Ms)} / p95 ${formatDuration(figures.generationP95Ms)}`
      : 'no finished runs to time',
    `widgets rendered ${count.format(figures.widgetsRendered)} / failed ${count.format(figures.widgetsFailed)}`,
    `tool calls ${count.format(figures.toolCalls)} (${count.format(figures.refusedToolCalls)} refused)`,
    `parked-call timeouts ${count.format(figures.parkedCallTimeouts)}`,
    `hostile-widget blocks ${count.format(figures.hostileWidgetBlocks)}`,
  ].join(', ');
}
