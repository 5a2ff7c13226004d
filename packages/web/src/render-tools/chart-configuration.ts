import {
  ArcElement,
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  type ChartConfiguration,
  Filler,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PieController,
  PointElement,
  Tooltip,
  type TooltipItem,
} from 'chart.js';
import { type ChartModel, type ChartSeries, formatChartValue, isDurationUnit } from './chart-model.ts';
import type { ChartPalette } from './chart-palette.ts';
import { withAlpha } from './chart-palette.ts';

// Only what our four kinds use, so the bundle carries no radar, scatter, time scale or title plugin.
Chart.register(
  LineController,
  BarController,
  PieController,
  LineElement,
  BarElement,
  ArcElement,
  PointElement,
  CategoryScale,
  LinearScale,
  Filler,
  Legend,
  Tooltip,
);

const fontFamily = 'Inter, ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif';

function colourOf(series: ChartSeries, index: number, palette: ChartPalette): string {
  if (series.tone === 'danger') return palette.danger;
  if (series.tone === 'warning') return palette.warning;
  if (series.tone === 'quiet') return palette.quiet;
  return palette.series[index % palette.series.length] ?? palette.mutedText;
}

function pieConfiguration(
  model: ChartModel,
  palette: ChartPalette,
  animate: boolean,
): ChartConfiguration<'pie'> {
  const values = (model.series[0]?.values ?? []).map((value) => value ?? 0);
  const total = values.reduce((sum, value) => sum + value, 0);
  return {
    type: 'pie',
    data: {
      labels: model.labels,
      datasets: [
        {
          label: model.series[0]?.name ?? model.title,
          data: values,
          backgroundColor: model.labels.map(
            (_, index) => palette.series[index % palette.series.length] ?? '',
          ),
          borderColor: palette.surface,
          borderWidth: 2,
          hoverOffset: 6,
        },
      ],
    },
    options: {
      responsive: true,
      maintainAspectRatio: false,
      animation: animate ? { duration: 450 } : false,
      plugins: {
        legend: {
          position: 'right',
          labels: {
            color: palette.text,
            usePointStyle: true,
            pointStyle: 'circle',
            boxWidth: 8,
            font: { family: fontFamily, size: 12 },
          },
        },
        tooltip: {
          backgroundColor: palette.tooltipBackground,
          titleColor: palette.tooltipText,
          bodyColor: palette.tooltipText,
          padding: 10,
          cornerRadius: 8,
          callbacks: {
            label: (item) => {
              const value = Number(item.raw);
              const share = total > 0 ? ` (${Math.round((value / total) * 100)}%)` : '';
              return ` ${item.label}: ${formatChartValue(value, model.unit)}${share}`;
            },
          },
        },
      },
    },
  };
}

/** The chart.js configuration for a model in a theme: quiet grid, readable ticks, unit-aware tooltips. */
export function chartConfiguration(
  model: ChartModel,
  palette: ChartPalette,
  animate: boolean,
): ChartConfiguration<'line' | 'bar'> | ChartConfiguration<'pie'> {
  if (model.kind === 'pie') return pieConfiguration(model, palette, animate);
  const isBar = model.kind === 'bar';
  // Past two dozen points the dots are noise; they still appear on hover.
  const manyPoints = model.labels.length > 24;
  const stacked = model.stacked === true && model.series.length > 1;
  const datasets = model.series.map((series, index) => {
    const colour = colourOf(series, index, palette);
    const isArea = model.kind === 'area';
    return {
      type: isBar ? ('bar' as const) : ('line' as const),
      label: series.name,
      data: series.values,
      borderColor: colour,
      backgroundColor: isBar ? colour : withAlpha(colour, isArea ? 0.22 : 0.12),
      borderWidth: isBar ? 0 : 2,
      borderRadius: isBar ? 3 : 0,
      maxBarThickness: 34,
      fill: isArea ? (stacked && index > 0 ? '-1' : 'origin') : false,
      tension: 0.32,
      pointRadius: model.labels.length === 1 ? 4 : manyPoints ? 0 : 2.5,
      pointHoverRadius: 5,
      pointBackgroundColor: colour,
    };
  });
  const tickFont = { family: fontFamily, size: 11.5 };
  return {
    type: isBar ? 'bar' : 'line',
    data: { labels: model.labels, datasets },
    options: {
      responsive: true,
      maintainAspectRatio: false,
      animation: animate ? { duration: 450 } : false,
      interaction: { mode: 'index', intersect: false },
      scales: {
        x: {
          stacked,
          grid: { display: false },
          border: { color: palette.grid },
          ticks: { color: palette.mutedText, font: tickFont, maxRotation: 0, autoSkipPadding: 14 },
        },
        y: {
          stacked,
          beginAtZero: true,
          grid: { color: palette.grid },
          border: { display: false },
          ticks: {
            color: palette.mutedText,
            font: tickFont,
            maxTicksLimit: 6,
            precision: 0,
            callback: (value) =>
              formatChartValue(Number(value), isDurationUnit(model.unit) ? model.unit : undefined, true),
          },
        },
      },
      plugins: {
        legend: {
          display: model.series.length > 1,
          position: 'top',
          align: 'end',
          labels: {
            color: palette.text,
            usePointStyle: true,
            pointStyle: isBar ? 'rectRounded' : 'circle',
            boxWidth: 8,
            boxHeight: 8,
            font: { family: fontFamily, size: 12 },
          },
        },
        tooltip: {
          backgroundColor: palette.tooltipBackground,
          titleColor: palette.tooltipText,
          bodyColor: palette.tooltipText,
          padding: 10,
          cornerRadius: 8,
          boxPadding: 4,
          usePointStyle: true,
          callbacks: {
            label: (item: TooltipItem<'line' | 'bar'>) =>
              ` ${item.dataset.label}: ${formatChartValue(Number(item.raw), model.unit)}`,
          },
        },
      },
    },
  };
}
