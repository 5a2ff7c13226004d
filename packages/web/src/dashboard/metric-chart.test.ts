import type { MetricSeries } from '@drawbridge/protocol';
import { describe, expect, it } from 'vitest';
import { chartConfiguration } from '../render-tools/chart-configuration.ts';
import { chartPalettes } from '../render-tools/chart-palette.ts';
import { metricChartModel } from './metric-chart.tsx';

function series(overrides: Partial<MetricSeries>): MetricSeries {
  return {
    metric: 'runs',
    title: 'Runs',
    unit: 'runs',
    range: {
      since: '2026-01-01T00:00:00.000Z',
      until: '2026-01-02T00:00:00.000Z',
      label: 'the last 24 hours',
      bucketMs: 3_600_000,
    },
    labels: ['2026-01-01T00:00:00.000Z', '2026-01-01T01:00:00.000Z'],
    series: [],
    totals: {},
    summary: '',
    ...overrides,
  };
}

describe('metricChartModel', () => {
  it('draws durations of a second or more in seconds, so the heading says what the axis says', () => {
    const model = metricChartModel(
      series({
        metric: 'generation_time',
        title: 'Generation time',
        unit: 'ms',
        series: [{ name: 'p50', values: [28_500, 0] }],
      }),
    );
    expect(model.unit).toBe('s');
    expect(model.series[0]?.values).toEqual([28.5, null]);
    const configuration = chartConfiguration(model, chartPalettes.light, false);
    const yTicks = configuration.options?.scales?.y?.ticks as { callback(value: number): string } | undefined;
    const ticks = yTicks?.callback ?? (() => 'no tick callback');
    expect(ticks(30)).toBe('30 s');
  });

  it('keeps short durations in milliseconds', () => {
    const model = metricChartModel(series({ unit: 'ms', series: [{ name: 'p50', values: [420, 900] }] }));
    expect(model.unit).toBe('ms');
    expect(model.series[0]?.values).toEqual([420, 900]);
  });

  it('colours an interrupted run apart from an error', () => {
    const model = metricChartModel(
      series({
        series: [
          { name: 'error', values: [1, 0] },
          { name: 'interrupted', values: [0, 1] },
        ],
      }),
    );
    expect(model.series.map((entry) => entry.tone)).toEqual(['danger', 'warning']);
    const configuration = chartConfiguration(model, chartPalettes.light, false);
    const colours = configuration.data.datasets.map((dataset) => dataset.backgroundColor);
    expect(colours[0]).not.toBe(colours[1]);
  });
});

describe('the token chart', () => {
  it('draws cached input over input, not stacked on it: it is a part of the input, not more of it', () => {
    const model = metricChartModel(
      series({
        metric: 'tokens',
        title: 'Token usage',
        unit: 'tokens',
        series: [
          { name: 'input', values: [1000, 400] },
          { name: 'cached_input', values: [800, 0] },
          { name: 'output', values: [300, 90] },
        ],
      }),
    );
    expect(model.kind).toBe('area');
    expect(model.stacked).toBe(false);
    expect(model.series.map((entry) => entry.name)).toEqual(['input', 'cached input', 'output']);
    expect(model.series[1]?.values).toEqual([800, 0]);
  });
});
