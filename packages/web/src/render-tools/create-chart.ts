import { Chart } from 'chart.js';
import { chartConfiguration } from './chart-configuration.ts';
import type { ChartModel } from './chart-model.ts';
import type { ChartPalette } from './chart-palette.ts';

/** Draws `model` on `canvas` with Chart.js; returns the function that takes the chart down again. */
export function createChart({
  canvas,
  model,
  palette,
  animate,
}: {
  canvas: HTMLCanvasElement;
  model: ChartModel;
  palette: ChartPalette;
  animate: boolean;
}): () => void {
  const chart = new Chart(
    canvas,
    chartConfiguration(model, palette, animate) as ConstructorParameters<typeof Chart>[1],
  );
  return () => chart.destroy();
}
