import type { DashboardPage } from '@drawbridge/protocol';
import type { ReactNode } from 'react';
import { AuditLog } from './audit-log.tsx';
import { dashboardFigures } from './dashboard-figures.ts';
import type { DashboardView } from './dashboard-view.ts';
import { describeTimeRange } from './dashboard-view.ts';
import { KpiTiles } from './kpi-tiles.tsx';
import { MetricChart } from './metric-chart.tsx';
import { RunsTable } from './runs-table.tsx';
import type { LoadedDashboardData } from './use-dashboard-data.ts';

/** Which charts each page shows, in reading order. */
const pageCharts: Record<Exclude<DashboardPage, 'audit'>, readonly string[]> = {
  overview: ['runs', 'tokens', 'generation_time', 'widgets'],
  runs: ['runs', 'generation_time'],
  widgets: ['widgets', 'hostile_widget_blocks'],
  tools: ['tool_calls', 'refused_tool_calls', 'parked_call_timeouts'],
};

function ChartGrid({ data, metrics }: { data: LoadedDashboardData; metrics: readonly string[] }) {
  return (
    <div className="dashboard-charts" data-count={metrics.length}>
      {metrics.map((metric) => {
        const series = data.series.get(metric);
        return series ? <MetricChart key={metric} data={series} /> : null;
      })}
    </div>
  );
}

function NoRunsYet({ view, onShowWeek }: { view: DashboardView; onShowWeek(): void }) {
  const canWiden = !('preset' in view.range) || view.range.preset !== '7d';
  return (
    <div className="dashboard-empty-state">
      <p className="dashboard-empty-state__title">
        No runs in {describeTimeRange(view.range)}
        {canWiden && (
          <>
            {' — '}
            <button type="button" className="link-button" onClick={onShowWeek}>
              try 7 days
            </button>
          </>
        )}
        , or load sample data with <code>npx drawbridge sample-data</code>.
      </p>
      <p className="dashboard-empty-state__detail">
        Every chat reply is a run: start a conversation and its tokens, widgets and tool calls appear here.
      </p>
    </div>
  );
}

/** The body of one dashboard page for loaded data. */
export function DashboardPageContent({
  view,
  data,
  refreshKey,
  onShowWeek,
}: {
  view: DashboardView;
  data: LoadedDashboardData;
  refreshKey: number;
  onShowWeek(): void;
}): ReactNode {
  if (view.page === 'audit') {
    const toolNames = data.series.get('tool_calls')?.series.map((series) => series.name) ?? [];
    return <AuditLog range={view.range} refreshKey={refreshKey} toolNames={toolNames} />;
  }
  const figures = dashboardFigures(data);
  return (
    <>
      {data.runs.total === 0 && <NoRunsYet view={view} onShowWeek={onShowWeek} />}
      {view.page === 'overview' && <KpiTiles figures={figures} />}
      <ChartGrid data={data} metrics={pageCharts[view.page]} />
      {view.page === 'runs' && data.runs.total > 0 && <RunsTable runs={data.runs} />}
    </>
  );
}
