import type { KitChartOptions, KitChartSeries, KitPoint } from './chart-options.ts';
import { h } from './element.ts';

interface ChartDataTableOptions {
  options: KitChartOptions;
  series: KitChartSeries[];
  format: (value: number) => string;
  formatX: (value: number) => string;
}

const isPoint = (value: unknown): value is KitPoint => typeof value === 'object' && value !== null;

/**
 * The chart's text alternative: its data as a real table (the caller hides it visually), so a screen reader can read every
 * value in order and move by row and column, which an SVG of paths cannot offer.
 */
export function renderChartDataTable({
  options,
  series,
  format,
  formatX,
}: ChartDataTableOptions): HTMLElement {
  const caption = h('caption', {}, options.title ?? 'Chart data');
  const name = (entry: KitChartSeries, index: number) =>
    entry.name ?? (series.length === 1 ? 'Value' : `Series ${index + 1}`);
  if (options.type === 'scatter') {
    const rows = series.flatMap((entry, index) =>
      entry.values
        .filter(isPoint)
        .map((point) =>
          h(
            'tr',
            {},
            h('th', { scope: 'row' }, name(entry, index)),
            h('td', {}, formatX(point.x)),
            h('td', {}, format(point.y)),
          ),
        ),
    );
    return h(
      'table',
      {},
      caption,
      h(
        'thead',
        {},
        h(
          'tr',
          {},
          h('th', { scope: 'col' }, 'Series'),
          h('th', { scope: 'col' }, 'x'),
          h('th', { scope: 'col' }, 'y'),
        ),
      ),
      h('tbody', {}, rows),
    );
  }
  const labels = options.labels ?? series[0]?.values.map((_, index) => String(index + 1)) ?? [];
  const cell = (value: KitChartSeries['values'][number] | undefined) =>
    h('td', {}, typeof value === 'number' ? format(value) : '–');
  return h(
    'table',
    {},
    caption,
    h(
      'thead',
      {},
      h(
        'tr',
        {},
        h('th', { scope: 'col' }, 'Label'),
        series.map((entry, index) => h('th', { scope: 'col' }, name(entry, index))),
      ),
    ),
    h(
      'tbody',
      {},
      labels.map((label, row) =>
        h(
          'tr',
          {},
          h('th', { scope: 'row' }, label),
          series.map((entry) => cell(entry.values[row])),
        ),
      ),
    ),
  );
}
