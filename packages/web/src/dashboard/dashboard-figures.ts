import type { RunRecord } from './dashboard-api.ts';
import type { LoadedDashboardData } from './use-dashboard-data.ts';

/** The headline numbers of a range, computed once for the KPI tiles and for the agent's `read`. */
export interface DashboardFigures {
  runs: number;
  runErrors: number;
  inputTokens: number;
  outputTokens: number;
  /** Over the latest (at most 200) finished runs the runs endpoint returns; null without finished runs. */
  generationP50Ms: number | null;
  generationP95Ms: number | null;
  generationSampleSize: number;
  widgetsRendered: number;
  widgetsFailed: number;
  toolCalls: number;
  refusedToolCalls: number;
  parkedCallTimeouts: number;
  hostileWidgetBlocks: number;
}

function percentile(sorted: number[], fraction: number): number | null {
  if (sorted.length === 0) return null;
  return sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))] ?? null;
}

function finishedDurations(runs: readonly RunRecord[]): number[] {
  return runs
    .flatMap((run) =>
      run.status === 'finished' && run.finishedAt
        ? [Date.parse(run.finishedAt) - Date.parse(run.startedAt)]
        : [],
    )
    .sort((left, right) => left - right);
}

/** Sums the loaded series into the dashboard's headline figures. */
export function dashboardFigures(data: LoadedDashboardData): DashboardFigures {
  const total = (metric: string, ...names: string[]) => {
    const totals = data.series.get(metric)?.totals ?? {};
    const picked = names.length > 0 ? names : Object.keys(totals);
    return picked.reduce((sum, name) => sum + (Object.hasOwn(totals, name) ? (totals[name] ?? 0) : 0), 0);
  };
  const durations = finishedDurations(data.runs.runs);
  return {
    runs: total('runs'),
    runErrors: total('runs', 'error'),
    inputTokens: total('tokens', 'input'),
    outputTokens: total('tokens', 'output'),
    generationP50Ms: percentile(durations, 0.5),
    generationP95Ms: percentile(durations, 0.95),
    generationSampleSize: durations.length,
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
    figures.generationSampleSize > 0
      ? `generation time p50 ${formatDuration(figures.generationP50Ms)} / p95 ${formatDuration(figures.generationP95Ms)}`
      : 'no finished runs to time',
    `widgets rendered ${count.format(figures.widgetsRendered)} / failed ${count.format(figures.widgetsFailed)}`,
    `tool calls ${count.format(figures.toolCalls)} (${count.format(figures.refusedToolCalls)} refused)`,
    `parked-call timeouts ${count.format(figures.parkedCallTimeouts)}`,
    `hostile-widget blocks ${count.format(figures.hostileWidgetBlocks)}`,
  ].join(', ');
}
