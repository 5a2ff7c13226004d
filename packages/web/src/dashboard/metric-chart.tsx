import type { DashboardTimeRange, MetricSeries } from '@drawbridge/protocol';
import { ApiError } from '@drawbridge/react';
import { useEffect, useMemo, useState } from 'react';
import { ChartCanvas } from '../render-tools/chart-canvas.tsx';
import type { ChartModel, ChartSeries } from '../render-tools/chart-model.ts';
import { fetchMetricSeries } from './dashboard-api.ts';
import { describeTimeRange } from './dashboard-view.ts';
import { formatBucketLabel } from './format-bucket-label.ts';
import './metric-chart.css';

/**
 * How each catalogue metric reads best: parts of a whole stack, durations are lines. Tokens overlap instead:
 * cached input is a part of input, not added to it.
 */
const metricStyles: Record<string, Pick<ChartModel, 'kind' | 'stacked'>> = {
  runs: { kind: 'bar', stacked: true },
  tokens: { kind: 'area' },
  generation_time: { kind: 'line' },
  widgets: { kind: 'bar', stacked: true },
  tool_calls: { kind: 'bar', stacked: true },
};

const seriesTones = new Map<string, ChartSeries['tone']>([
  ['error', 'danger'],
  ['failed', 'danger'],
  ['refused', 'danger'],
  ['timeouts', 'danger'],
  ['cancelled', 'quiet'],
  // A run cut short by a restart is not an error of the run: its own colour, apart from error's red.
  ['interrupted', 'warning'],
]);

/**
 * The unit a duration metric is drawn in: seconds once any value reaches a second, so the heading's unit is
 * the unit of every tick on the axis (milliseconds past a second would be written as seconds there).
 */
function durationScale(data: MetricSeries): { unit: string; divisor: number } {
  const longest = Math.max(0, ...data.series.flatMap((series) => series.values));
  return data.unit === 'ms' && longest >= 1000
    ? { unit: 's', divisor: 1000 }
    : { unit: data.unit, divisor: 1 };
}

/** A `/api/dashboard/series` result as a chart model with axis labels formatted for its bucket width. */
export function metricChartModel(data: MetricSeries): ChartModel {
  const spanMs = Date.parse(data.range.until) - Date.parse(data.range.since);
  const style = metricStyles[data.metric] ?? { kind: 'bar' };
  const { unit, divisor } = durationScale(data);
  return {
    title: data.title,
    kind: style.kind,
    stacked: style.stacked ?? false,
    unit,
    labels: data.labels.map((label) => formatBucketLabel(label, { bucketMs: data.range.bucketMs, spanMs })),
    series: data.series.map((series) => ({
      name: series.name.replaceAll('_', ' '),
      // A duration bucket without finished runs reads 0 from the server; draw it as a gap, not as "instant".
      values:
        data.unit === 'ms'
          ? series.values.map((value) => (value === 0 ? null : value / divisor))
          : series.values,
      tone: seriesTones.get(series.name),
    })),
  };
}

function isEmpty(data: MetricSeries): boolean {
  return data.series.every((series) => series.values.every((value) => value === 0));
}

/**
 * One metric of the catalogue drawn from its `/api/dashboard/series` result: the dashboard's charts and the
 * chart its agent draws in the chat are this component.
 */
export function MetricChart({ data, height = 220 }: { data: MetricSeries; height?: number }) {
  const model = useMemo(() => metricChartModel(data), [data]);
  return (
    <figure className="metric-chart">
      <figcaption className="metric-chart__heading">
        <span className="metric-chart__title">{data.title}</span>
        <span className="metric-chart__unit">{model.unit}</span>
        <span className="metric-chart__range">{data.range.label}</span>
      </figcaption>
      {isEmpty(data) ? (
        <div className="metric-chart__empty" style={{ height: Math.min(height, 140) }}>
          <p>Nothing recorded in {data.range.label}.</p>
          <p className="metric-chart__hint">A longer time range may have some.</p>
        </div>
      ) : (
        <ChartCanvas model={model} height={height} />
      )}
      <p className="metric-chart__summary">{data.summary}</p>
    </figure>
  );
}

type LoadState =
  | { phase: 'loading' }
  | { phase: 'loaded'; data: MetricSeries }
  | { phase: 'failed'; message: string };

/** Fetches one metric over a range and draws it (the agent's `render_chart`); says plainly when it cannot. */
export function MetricChartLoader({
  metric,
  range,
  refreshKey = 0,
  height,
}: {
  metric: string;
  range: DashboardTimeRange;
  refreshKey?: number;
  height?: number;
}) {
  const [state, setState] = useState<LoadState>({ phase: 'loading' });
  const rangeKey = JSON.stringify(range);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the range is compared by value through `rangeKey`; refreshKey forces a reload.
  useEffect(() => {
    const controller = new AbortController();
    setState({ phase: 'loading' });
    fetchMetricSeries(metric, range, controller.signal).then(
      (data) => setState({ phase: 'loaded', data }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        const message = ApiError.isInstance(error)
          ? error.message
          : `The chart could not be loaded (${String(error)}).`;
        setState({ phase: 'failed', message });
      },
    );
    return () => controller.abort();
  }, [metric, rangeKey, refreshKey]);

  if (state.phase === 'loaded') return <MetricChart data={state.data} height={height} />;
  return (
    <figure className="metric-chart" aria-busy={state.phase === 'loading'}>
      <figcaption className="metric-chart__heading">
        <span className="metric-chart__title">{metric}</span>
        <span className="metric-chart__range">{describeTimeRange(range)}</span>
      </figcaption>
      {state.phase === 'loading' ? (
        <div className="metric-chart__skeleton db-shimmer" style={{ height: height ?? 220 }} />
      ) : (
        <p className="metric-chart__failure" role="alert">
          {state.message}
        </p>
      )}
    </figure>
  );
}
