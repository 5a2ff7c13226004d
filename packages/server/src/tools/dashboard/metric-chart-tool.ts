import {
  type DashboardTimeRange,
  dashboardTimeRangeSchema,
  dashboardToolDefinition,
  type MetricChartArgs,
} from '@drawbridge/protocol';
import { z } from 'zod';
import { computeMetric, type MetricSources, metricScopeFor } from '../../dashboard/compute-metric.ts';
import { findMetric, metricCatalogue } from '../../dashboard/metric-catalogue.ts';
import { resolveTimeRange } from '../../dashboard/time-range.ts';
import type { AgentTool } from '../agent-tool.ts';
import { createRenderTool, type RenderToolDependencies } from '../render/create-render-tool.ts';

const definition = dashboardToolDefinition('render_chart');

const viewStateSchema = z.object({ dashboard: z.object({ range: dashboardTimeRangeSchema }) });

/** The range the dashboard says it shows (the chart in the chat uses the same), else the last 24 hours. */
function viewedRange(clientState: unknown): DashboardTimeRange {
  const parsed = viewStateSchema.safeParse(clientState);
  return parsed.success ? parsed.data.dashboard.range : { preset: '24h' };
}

/**
 * The dashboard's `render_chart`: draws the dashboard's own chart of one catalogue metric in the chat,
 * then answers with a short numeric summary computed here, from the same data the chart shows. Name,
 * description and schema are the protocol's (`dashboardToolDefinitions`), shared with the panel.
 */
export function metricChartTool(
  dependencies: RenderToolDependencies & { sources: MetricSources; clock?: () => Date },
): AgentTool<MetricChartArgs> {
  const clock = dependencies.clock ?? (() => new Date());
  return createRenderTool(
    {
      name: definition.name,
      description: definition.description,
      schema: definition.schema,
      messages: {
        noClient: 'No browser is attached, so the chart cannot be drawn.',
        timeout: 'The browser did not confirm the chart in time; it was not shown.',
        cancelled: 'The run was cancelled before the chart was shown.',
      },
      validate: ({ metric }) =>
        findMetric(metric)
          ? undefined
          : `there is no metric "${metric}". The catalogue has: ${metricCatalogue.map((entry) => entry.name).join(', ')}.`,
      async describeRendered({ metric, range }, acknowledgement, context) {
        const series = await computeMetric({
          definition: findMetric(metric)!,
          range: resolveTimeRange(range ?? viewedRange(context.clientState), clock()),
          sources: dependencies.sources,
          scope: metricScopeFor({ id: context.owner.userId, isAdmin: context.owner.isAdmin }),
        });
        return `${acknowledgement} ${series.summary}`;
      },
    },
    dependencies,
  );
}
