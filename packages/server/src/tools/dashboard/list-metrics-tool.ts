import { z } from 'zod';
import { metricCatalogue } from '../../dashboard/metric-catalogue.ts';
import type { AgentTool } from '../agent-tool.ts';

/** `list_metrics`: hands the agent the curated catalogue, so it only ever picks a metric that exists. */
export function listMetricsTool(): AgentTool<Record<string, never>> {
  return {
    name: 'list_metrics',
    description: 'List the metrics the dashboard can chart: exact names, units and what each measures.',
    inputSchema: z.strictObject({}),
    async execute() {
      const lines = metricCatalogue.map(
        (metric) => `- ${metric.name} (${metric.unit}): ${metric.title}. ${metric.description}`,
      );
      return { ok: true, output: `Metrics you can chart, by exact name:\n${lines.join('\n')}` };
    },
  };
}
