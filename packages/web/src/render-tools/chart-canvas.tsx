import { useEffect, useRef } from 'react';
import { type ChartModel, describeChart, formatChartValue } from './chart-model.ts';
import { chartPalettes } from './chart-palette.ts';
import { useDocumentTheme } from './use-document-theme.ts';
import './chart-canvas.css';

function prefersReducedMotion(): boolean {
  return (
    typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches
  );
}

/**
 * Draws a chart model on a canvas, with an `aria-label` summary and a visually hidden data table for
 * assistive technology. Shared by the agent's `render_chart` and every dashboard chart.
 */
export function ChartCanvas({ model, height = 260 }: { model: ChartModel; height?: number }) {
  const canvasElement = useRef<HTMLCanvasElement>(null);
  const theme = useDocumentTheme();

  useEffect(() => {
    const canvas = canvasElement.current;
    if (!canvas) return;
    let destroyChart: (() => void) | undefined;
    let mounted = true;
    // Chart.js is a chunk of its own, fetched the first time a chart is drawn: most chats never draw one.
    void import('./create-chart.ts').then(({ createChart }) => {
      if (!mounted) return;
      destroyChart = createChart({
        canvas,
        model,
        palette: chartPalettes[theme],
        animate: !prefersReducedMotion(),
      });
    });
    return () => {
      mounted = false;
      destroyChart?.();
    };
  }, [model, theme]);

  return (
    <div className="chart-canvas" style={{ height }}>
      <canvas ref={canvasElement} role="img" aria-label={describeChart(model)} />
      <table className="visually-hidden">
        <caption>{model.title}</caption>
        <thead>
          <tr>
            <th scope="col">{model.kind === 'pie' ? 'Slice' : 'Label'}</th>
            {model.series.map((series) => (
              <th scope="col" key={series.name}>
                {series.name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {model.labels.map((label, index) => (
            // Labels may repeat (two buckets formatted alike); the position is the identity.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above.
            <tr key={index}>
              <th scope="row">{label}</th>
              {model.series.map((series) => (
                <td key={series.name}>
                  {series.values[index] == null ? '—' : formatChartValue(series.values[index], model.unit)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
