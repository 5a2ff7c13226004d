import type { DashboardTimeRange, MetricSeries, RunListResponse } from '@drawbridge/protocol';
import { ApiError } from '@drawbridge/react';
import { useEffect, useState } from 'react';
import { fetchMetricSeries, fetchRuns } from './dashboard-api.ts';

/** Every metric the dashboard pages draw; one request each, in parallel, per range and refresh. */
export const dashboardMetricNames = [
  'runs',
  'tokens',
  'generation_time',
  'widgets',
  'tool_calls',
  'parked_call_timeouts',
  'hostile_widget_blocks',
  'refused_tool_calls',
] as const;

export type DashboardData =
  | { phase: 'loading'; previous: LoadedDashboardData | undefined }
  | ({ phase: 'loaded' } & LoadedDashboardData)
  | { phase: 'failed'; message: string };

export interface LoadedDashboardData {
  series: ReadonlyMap<string, MetricSeries>;
  runs: RunListResponse;
  loadedAt: Date;
}

/** Loads the dashboard's metrics and runs for a range; `refreshKey` reloads. Keeps the last data while reloading. */
export function useDashboardData(range: DashboardTimeRange, refreshKey: number): DashboardData {
  const [data, setData] = useState<DashboardData>({ phase: 'loading', previous: undefined });
  const rangeKey = JSON.stringify(range);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the range is compared by value through `rangeKey`; refreshKey forces a reload.
  useEffect(() => {
    const controller = new AbortController();
    setData((current) => ({ phase: 'loading', previous: current.phase === 'loaded' ? current : undefined }));
    Promise.all([
      Promise.all(dashboardMetricNames.map((metric) => fetchMetricSeries(metric, range, controller.signal))),
      fetchRuns(range, controller.signal),
    ]).then(
      ([series, runs]) =>
        setData({
          phase: 'loaded',
          series: new Map(series.map((entry) => [entry.metric, entry])),
          runs,
          loadedAt: new Date(),
        }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setData({
          phase: 'failed',
          message: ApiError.isInstance(error)
            ? error.message
            : `The dashboard could not reach the server (${String(error)}).`,
        });
      },
    );
    return () => controller.abort();
  }, [rangeKey, refreshKey]);

  return data;
}
