import type { RenderChartArgs } from '@drawbridge/protocol';
import { useMemo } from 'react';
import { ChartCanvas } from './chart-canvas.tsx';
import type { ChartModel } from './chart-model.ts';
import './agent-chart.css';

/** A chart the agent sent with its own numbers (`render_chart` in the chat). */
export function AgentChart({ chart }: { chart: RenderChartArgs }) {
  const model = useMemo<ChartModel>(
    () => ({
      title: chart.title,
      kind: chart.kind,
      labels: chart.labels,
      series: chart.series,
      unit: chart.unit,
      stacked: false,
    }),
    [chart],
  );
  return (
    <figure className="agent-chart">
      <figcaption className="agent-chart__heading">
        <span className="agent-chart__title">{chart.title}</span>
        {chart.unit && <span className="agent-chart__unit">{chart.unit}</span>}
      </figcaption>
      <ChartCanvas model={model} height={chart.kind === 'pie' ? 240 : 260} />
    </figure>
  );
}
