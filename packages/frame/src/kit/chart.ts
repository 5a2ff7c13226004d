import { AutoScaleAxis, BarChart, Interpolation, LineChart, PieChart } from 'chartist';
import { renderChartDataTable } from './chart-data-table.ts';
import {
  type KitChartOptions,
  type KitChartSeries,
  type KitPoint,
  normalizedSeries,
  seriesColor,
} from './chart-options.ts';
import { ChartReadout, type ReadoutStop } from './chart-readout.ts';
import { h, resolveElement } from './element.ts';

/** What `chart()` returns: the element it drew into, and a way to draw new data in place. */
export interface KitChart {
  element: HTMLElement;
  update(data: Pick<KitChartOptions, 'labels' | 'series'>): void;
  /** Reads a label (or point, slice) as the pointer or arrow keys would; -1 closes the readout. */
  select(index: number): void;
}

// The draw events the kit listens to, reduced to what it reads from them (chartist's own types are per chart).
interface DrawnMark {
  type: string;
  index: number;
  seriesIndex?: number;
  element: {
    getNode(): Element;
    attr(attributes: Record<string, string | number>): unknown;
    addClass(names: string): unknown;
    remove(): unknown;
  };
  group: { attr(attributes: Record<string, string | number>): unknown };
  x?: number;
  y?: number;
  x1?: number;
  x2?: number;
  y1?: number;
  y2?: number;
  center?: { x: number; y: number };
  chartRect?: { width(): number; height(): number };
  radius?: number;
  startAngle?: number;
  endAngle?: number;
}

interface ChartCreated {
  svg: {
    elem(
      name: string,
      attributes: Record<string, number | string>,
      className: string,
    ): { getNode(): Element };
  };
  chartRect: { x1: number; x2: number; y1: number; y2: number; width(): number; height(): number };
}

const isPoint = (value: unknown): value is KitPoint => typeof value === 'object' && value !== null;
const numberFormat = new Intl.NumberFormat();

/**
 * Draws a themed, accessible chart into `target` (an element or a selector): a line, area, bar, scatter or pie
 * chart from labels and series, with a legend, a tooltip readout for pointer and keyboard, and the data as a
 * visually hidden table for screen readers. Drawing is chartist's (SVG, redrawn when the frame resizes).
 */
export function chart(target: HTMLElement | string, options: KitChartOptions): KitChart {
  const element = resolveElement(target);
  let current = { ...options, series: normalizedSeries(options) };
  const format = options.format ?? ((value: number) => numberFormat.format(value));
  const formatX = options.formatX ?? format;
  const height = options.height ?? 240;

  const box = h('div', { class: 'ct-box', style: `--h:${height}px`, 'aria-hidden': 'true' });
  const tip = h('div', { class: 'tip', hidden: true, 'aria-hidden': 'true' });
  const live = h('p', { class: 'sr-only', 'aria-live': 'polite' });
  const legend = h('ul', { class: 'legend', 'aria-hidden': 'true' });
  // The wrapper hides the table, not the table itself: a table is never shorter than its rows, so a 1 px
  // table would still stretch the document below the widget (and the frame would scroll).
  const table = h('div', { class: 'sr-only' });
  element.classList.add('chart');
  if (options.type === 'scatter') element.classList.add('scatter');
  element.setAttribute('role', 'group');
  element.setAttribute('tabindex', '0');
  element.setAttribute(
    'aria-label',
    `${options.title ?? 'Chart'}. Arrow keys read the values; the data table follows.`,
  );
  element.replaceChildren(box, tip, legend, live, table);

  let guideLine: Element | undefined;
  const readout = new ChartReadout({
    container: element,
    box,
    tip,
    live,
    pick:
      options.type === 'pie'
        ? 'mark'
        : options.type === 'scatter'
          ? 'nearest'
          : options.horizontal
            ? 'y'
            : 'x',
    onSelect: options.onSelect,
    guide: (x) => {
      if (guideLine === undefined) return;
      guideLine.setAttribute('visibility', x === undefined ? 'hidden' : 'visible');
      if (x !== undefined) {
        guideLine.setAttribute('x1', String(x));
        guideLine.setAttribute('x2', String(x));
      }
    },
  });

  let marks: DrawnMark[] = [];
  const instance = createChartist(box, current, format, () => element.clientWidth);
  instance.on('draw', (mark: DrawnMark) => {
    marks.push(mark);
    decorate(mark, current, height);
  });
  instance.on('created', (created: ChartCreated) => {
    const { chartRect } = created;
    guideLine =
      options.type === 'line' || options.type === 'area'
        ? created.svg
            .elem('line', { y1: chartRect.y2, y2: chartRect.y1, visibility: 'hidden' }, 'guide')
            .getNode()
        : undefined;
    readout.setStops(stopsOf(marks, current, format, formatX));
    marks = [];
  });

  const render = () => {
    legend.replaceChildren(...legendItems(current));
    legend.hidden = !(options.legend ?? (current.series.length > 1 || current.type === 'pie'));
    table.replaceChildren(
      renderChartDataTable({ options: current, series: current.series, format, formatX }),
    );
  };
  render();

  return {
    element,
    update(data) {
      current = { ...current, ...data, series: normalizedSeries({ ...current, ...data }) };
      render();
      instance.update(chartistData(current));
    },
    select(index) {
      if (index < 0) readout.clear();
      else readout.select(index);
    },
  };
}

type Normalized = KitChartOptions & { series: KitChartSeries[] };

function chartistData(options: Normalized) {
  if (options.type === 'pie') {
    return {
      labels: options.labels ?? [],
      series: options.series[0]?.values.map((value) => (typeof value === 'number' ? value : 0)) ?? [],
    };
  }
  return {
    labels: options.labels ?? [],
    series: options.series.map((entry) => ({ name: entry.name, data: entry.values })),
  };
}

function createChartist(
  box: HTMLElement,
  options: Normalized,
  format: (value: number) => string,
  width: () => number,
) {
  const data = chartistData(options);
  const height = `${options.height ?? 240}px`;
  if (options.type === 'pie') {
    // No text on the slices (it cannot keep 4.5:1 on every palette colour): the legend gives each share.
    return new PieChart(box, data, {
      height,
      donut: options.donut,
      donutWidth: 36,
      chartPadding: 12,
      showLabel: false,
    });
  }
  const labelCount = data.labels.length;
  // Thins the category labels so they never overlap: about one per 44 px of width.
  const categoryLabel = (label: unknown, index: number) => {
    const every = Math.max(1, Math.ceil((labelCount * 44) / Math.max(1, width())));
    return index % every === 0 ? String(label) : null;
  };
  const valueLabel = (value: unknown) => format(Number(value));
  const valueAxis = { labelInterpolationFnc: valueLabel, offset: 48, scaleMinSpace: 32 };
  if (options.type === 'bar') {
    return new BarChart(box, data, {
      height,
      low: options.min,
      high: options.max,
      stackBars: options.stacked,
      horizontalBars: options.horizontal,
      seriesBarDistance: 0,
      chartPadding: { top: 16, right: options.horizontal ? 28 : 12, bottom: 0, left: 0 },
      axisX: options.horizontal
        ? { labelInterpolationFnc: valueLabel, offset: 24 }
        : { labelInterpolationFnc: categoryLabel, showGrid: false },
      axisY: options.horizontal ? { showGrid: false, offset: categoryAxisWidth(data.labels) } : valueAxis,
    });
  }
  const scatter = options.type === 'scatter';
  return new LineChart(box, data, {
    height,
    // An area starts at zero unless told otherwise: its filled height is read as the amount.
    low: options.min ?? (options.type === 'area' ? 0 : undefined),
    high: options.max,
    fullWidth: true,
    showArea: options.type === 'area',
    showLine: !scatter,
    lineSmooth: Interpolation.monotoneCubic(),
    chartPadding: { top: 16, right: scatter ? 28 : 16, bottom: 0, left: 0 },
    axisX: scatter
      ? { type: AutoScaleAxis, labelInterpolationFnc: (value: unknown) => format(Number(value)) }
      : { labelInterpolationFnc: categoryLabel },
    axisY: valueAxis,
  });
}

/** Room for the longest category name beside horizontal bars (11 px text is about 6.4 px a character). */
function categoryAxisWidth(labels: readonly string[]): number {
  const longest = Math.max(0, ...labels.map((label) => label.length));
  return Math.min(180, Math.max(48, Math.ceil(longest * 6.4) + 14));
}

/** Colours, dashes, bar widths and the marks' stop numbers, applied as chartist draws each mark. */
function decorate(mark: DrawnMark, options: Normalized, height: number): void {
  const series = options.series[mark.seriesIndex ?? 0];
  if (mark.type === 'slice') {
    mark.element.attr({ 'data-stop': mark.index, style: `--c:${seriesColor({ values: [] }, mark.index)}` });
    return;
  }
  if (
    series === undefined ||
    (mark.type !== 'line' && mark.type !== 'area' && mark.type !== 'point' && mark.type !== 'bar')
  )
    return;
  if (series.color !== undefined) mark.group.attr({ style: `--c:${series.color}` });
  // A dashed series is a comparison drawn over the others: a line, never a filled area.
  if (mark.type === 'area' && series.dashed) mark.element.remove();
  if (mark.type === 'line' && series.dashed) mark.element.addClass('dashed');
  if (mark.type === 'bar') placeBar(mark, options, height);
}

/** Sizes a bar to its share of its label's band and puts the series of one label side by side. */
function placeBar(mark: DrawnMark, options: Normalized, height: number): void {
  const bandCount = Math.max(1, options.labels?.length ?? options.series[0]?.values.length ?? 1);
  const extent = options.horizontal ? (mark.chartRect?.height() ?? height) : (mark.chartRect?.width() ?? 400);
  const band = extent / bandCount;
  const seriesCount = options.stacked ? 1 : options.series.length;
  const width = Math.max(2, Math.min(options.stacked ? 48 : 40, (band * 0.72) / seriesCount));
  const offset = options.stacked ? 0 : ((mark.seriesIndex ?? 0) - (seriesCount - 1) / 2) * width * 1.12;
  if (options.horizontal) mark.element.attr({ y1: (mark.y1 ?? 0) + offset, y2: (mark.y2 ?? 0) + offset });
  else mark.element.attr({ x1: (mark.x1 ?? 0) + offset, x2: (mark.x2 ?? 0) + offset });
  mark.element.attr({ style: `--bar:${width.toFixed(1)}px` });
  if (options.horizontal) {
    mark.y1 = (mark.y1 ?? 0) + offset;
  } else {
    mark.x1 = (mark.x1 ?? 0) + offset;
  }
}

/** The readout's stops for the marks of one drawing. */
function stopsOf(
  marks: DrawnMark[],
  options: Normalized,
  format: (value: number) => string,
  formatX: (value: number) => string,
): ReadoutStop[] {
  const name = (series: KitChartSeries | undefined, index: number) =>
    series?.name ?? (options.series.length === 1 ? '' : `Series ${index + 1}`);
  const labels = options.labels ?? [];
  if (options.type === 'pie') {
    const values = options.series[0]?.values.map((value) => (typeof value === 'number' ? value : 0)) ?? [];
    const total = values.reduce((sum, value) => sum + value, 0) || 1;
    return marks
      .filter((mark) => mark.type === 'slice')
      .map((mark) => {
        const middle = (((mark.startAngle ?? 0) + (mark.endAngle ?? 0)) / 2 - 90) * (Math.PI / 180);
        const reach = (mark.radius ?? 0) * 0.6;
        const value = values[mark.index] ?? 0;
        return {
          index: mark.index,
          x: (mark.center?.x ?? 0) + Math.cos(middle) * reach,
          y: (mark.center?.y ?? 0) + Math.sin(middle) * reach,
          marks: [mark.element.getNode()],
          text: `${labels[mark.index] ?? mark.index + 1}: ${format(value)} (${Math.round((value / total) * 100)}%)`,
        };
      });
  }
  if (options.type === 'scatter') {
    return marks
      .filter((mark) => mark.type === 'point')
      .map((mark) => {
        const series = options.series[mark.seriesIndex ?? 0];
        const point = series?.values[mark.index];
        const label = name(series, mark.seriesIndex ?? 0);
        const coordinates = isPoint(point) ? `${formatX(point.x)}, ${format(point.y)}` : '';
        return {
          index: mark.index,
          x: mark.x ?? 0,
          y: mark.y ?? 0,
          marks: [mark.element.getNode()],
          text: label ? `${label}: ${coordinates}` : coordinates,
        };
      });
  }
  const kind = options.type === 'bar' ? 'bar' : 'point';
  const byIndex = new Map<number, DrawnMark[]>();
  for (const mark of marks) {
    if (mark.type !== kind) continue;
    byIndex.set(mark.index, [...(byIndex.get(mark.index) ?? []), mark]);
  }
  return [...byIndex.entries()]
    .sort(([first], [second]) => first - second)
    .map(([index, group]) => {
      const along = (mark: DrawnMark) =>
        options.horizontal ? (mark.y1 ?? 0) : kind === 'bar' ? (mark.x1 ?? 0) : (mark.x ?? 0);
      const across = (mark: DrawnMark) =>
        kind === 'bar' ? Math.min(mark.y1 ?? 0, mark.y2 ?? 0) : (mark.y ?? 0);
      const position = group.reduce((sum, mark) => sum + along(mark), 0) / group.length;
      const values = options.series
        .map((series, seriesIndex) => {
          const value = series.values[index];
          if (typeof value !== 'number') return undefined;
          const label = name(series, seriesIndex);
          return label ? `${label} ${format(value)}` : format(value);
        })
        .filter((text) => text !== undefined);
      return {
        index,
        x: options.horizontal ? Math.max(...group.map((mark) => mark.x2 ?? 0)) : position,
        y: options.horizontal ? position : Math.min(...group.map(across)),
        marks: group.map((mark) => mark.element.getNode()),
        text: `${labels[index] ?? index + 1}: ${values.join(' · ')}`,
      };
    });
}

function legendItems(options: Normalized): HTMLElement[] {
  if (options.type === 'pie') {
    const values = options.series[0]?.values.map((value) => (typeof value === 'number' ? value : 0)) ?? [];
    const total = values.reduce((sum, value) => sum + value, 0) || 1;
    const share = (index: number) => Math.round(((values[index] ?? 0) / total) * 100);
    return (options.labels ?? []).map((label, index) =>
      h('li', { style: `--c:${seriesColor({ values: [] }, index)}` }, `${label} ${share(index)}%`),
    );
  }
  return options.series.map((series, index) =>
    h(
      'li',
      { class: series.dashed ? 'dashed' : null, style: `--c:${seriesColor(series, index)}` },
      series.name ?? `Series ${index + 1}`,
    ),
  );
}
