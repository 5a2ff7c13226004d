/** What a chart shows, independent of chart.js: the agent's `render_chart` and the dashboard both build one. */
export interface ChartModel {
  title: string;
  kind: 'line' | 'bar' | 'area' | 'pie';
  /** Display labels of the x axis (or of the slices), already formatted. */
  labels: string[];
  series: ChartSeries[];
  unit?: string | undefined;
  /** Bars and areas stack when the series are parts of one whole (runs by outcome, calls by tool). */
  stacked?: boolean;
}

export interface ChartSeries {
  name: string;
  /** `null` is a gap: a bucket with nothing to measure (no finished run has no duration, not a zero one). */
  values: Array<number | null>;
  /**
   * A series that means trouble (errors, failures) is drawn in the danger colour; one that means something
   * ended early without failing (interrupted) in the warning colour; `quiet` in grey.
   */
  tone?: 'danger' | 'warning' | 'quiet';
}

const compactFormat = new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 });
const fullFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

/** Units of time, which the axis writes beside every tick; other units are said once, in the heading. */
export function isDurationUnit(unit: string | undefined): boolean {
  return unit === 'ms' || unit === 's';
}

/** A value with its unit as people read it: milliseconds become seconds past one second. */
export function formatChartValue(value: number, unit: string | undefined, compact = false): string {
  if (unit === 'ms' && Math.abs(value) >= 1000) {
    return `${fullFormat.format(Math.round(value / 100) / 10)} s`;
  }
  const number = compact ? compactFormat.format(value) : fullFormat.format(value);
  return unit ? `${number} ${unit}` : number;
}

/** One sentence (or a few) a screen reader announces instead of the canvas. */
export function describeChart(model: ChartModel): string {
  const kindName = { line: 'Line chart', bar: 'Bar chart', area: 'Area chart', pie: 'Pie chart' }[model.kind];
  const heading = `${kindName}: ${model.title}${model.unit ? ` (${model.unit})` : ''}.`;
  if (model.kind === 'pie') {
    const values = (model.series[0]?.values ?? []).map((value) => value ?? 0);
    const total = values.reduce((sum, value) => sum + value, 0);
    const slices = model.labels.map((label, index) => {
      const value = values[index] ?? 0;
      const share = total > 0 ? Math.round((value / total) * 100) : 0;
      return `${label} ${formatChartValue(value, model.unit)} (${share}%)`;
    });
    return `${heading} ${slices.join(', ')}.`;
  }
  const span =
    model.labels.length > 1
      ? `${model.labels.length} points from ${model.labels[0]} to ${model.labels.at(-1)}.`
      : `One point, ${model.labels[0] ?? ''}.`;
  const seriesSentences = model.series.map((series) => {
    const measured = series.values.filter((value) => value !== null);
    if (measured.length === 0) return `${series.name}: no values`;
    const total = measured.reduce((sum, value) => sum + value, 0);
    const highest = Math.max(...measured);
    const highestAt = model.labels[series.values.indexOf(highest)] ?? '';
    return `${series.name}: total ${formatChartValue(total, model.unit)}, highest ${formatChartValue(highest, model.unit)} at ${highestAt}`;
  });
  return `${heading} ${span} ${seriesSentences.join('; ')}.`;
}
