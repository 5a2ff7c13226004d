/** A point of a scatter chart. */
export interface KitPoint {
  x: number;
  y: number;
}

/** One series of a chart: its values in label order (scatter: points), with a name for the legend and readout. */
export interface KitChartSeries {
  name?: string;
  values: Array<number | null | KitPoint>;
  /** A dashed, thinner line (a comparison such as "last year"); line and area charts only. */
  dashed?: boolean;
  /** Any CSS colour; the kit's theme palette otherwise. */
  color?: string;
}

/** What `chart(target, options)` accepts: the few lines a widget writes to get an accessible, themed chart. */
export interface KitChartOptions {
  type: 'line' | 'area' | 'bar' | 'scatter' | 'pie';
  /** Category names (line, area, bar) or slice names (pie). */
  labels?: string[];
  /** The series, or one list of numbers for a single unnamed series. */
  series: KitChartSeries[] | number[];
  /** The chart's accessible name and the caption of its data table. */
  title?: string;
  /** Writes a value for axes, readout and table; `Intl.NumberFormat` otherwise. */
  format?: (value: number) => string;
  /** Writes a scatter point's x value. */
  formatX?: (value: number) => string;
  /** Plot height in pixels (default 240). */
  height?: number;
  stacked?: boolean;
  horizontal?: boolean;
  donut?: boolean;
  min?: number;
  max?: number;
  /** Show the legend (default: more than one series, or a pie). */
  legend?: boolean;
  /** Called with the label index the reader moved to (pointer or keys), and -1 when the readout closes. */
  onSelect?: (index: number) => void;
}

/** The series in one shape, whichever shape the widget wrote. */
export function normalizedSeries(options: KitChartOptions): KitChartSeries[] {
  const { series } = options;
  if (series.length > 0 && series.every((entry) => typeof entry === 'number' || entry === null)) {
    return [{ values: series as number[] }];
  }
  return series as KitChartSeries[];
}

/** The series' colour: its own, or the palette's by position. */
export function seriesColor(series: KitChartSeries, index: number): string {
  return series.color ?? `var(--kit-c${(index % 6) + 1})`;
}
