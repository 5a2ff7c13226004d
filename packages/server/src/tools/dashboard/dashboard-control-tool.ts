import { type DashboardControlArgs, dashboardToolDefinition } from '@drawbridge/protocol';
import type { AgentTool } from '../agent-tool.ts';
import { createRenderTool, type RenderToolDependencies } from '../render/create-render-tool.ts';

const definition = dashboardToolDefinition('dashboard_control');

/**
 * `dashboard_control`: reads or changes the dashboard the user is looking at. It runs in the browser,
 * through the same parked round trip as the render tools; the browser's answer describes the new view.
 * Name, description and schema are the protocol's (`dashboardToolDefinitions`), shared with the panel.
 */
export function dashboardControlTool(dependencies: RenderToolDependencies): AgentTool<DashboardControlArgs> {
  return createRenderTool(
    {
      name: definition.name,
      description: definition.description,
      schema: definition.schema,
      messages: {
        noClient: 'No dashboard is open in a browser, so it cannot be read or changed.',
        timeout: 'The dashboard did not answer in time; nothing was changed as far as we know.',
        cancelled: 'The run was cancelled before the dashboard answered.',
      },
    },
    dependencies,
  );
}
