import { type DashboardControlArgs, dashboardControlArgsSchema } from '@drawbridge/protocol';
import type { AgentTool } from '../agent-tool.ts';
import { createRenderTool, type RenderToolDependencies } from '../render/create-render-tool.ts';

/**
 * `dashboard_control`: reads or changes the dashboard the user is looking at. It runs in the browser,
 * through the same parked round trip as the render tools; the browser's answer describes the new view.
 */
export function dashboardControlTool(dependencies: RenderToolDependencies): AgentTool<DashboardControlArgs> {
  return createRenderTool(
    {
      name: 'dashboard_control',
      description:
        'Read or change the live dashboard. Operations: {"operation":"read"} returns the current page and time range; {"operation":"set_time_range","range":{"preset":"1h"|"24h"|"7d"}} or {"range":{"since":ISO,"until":ISO}}; {"operation":"navigate","page":"overview"|"runs"|"widgets"|"tools"|"audit"}; {"operation":"refresh"}.',
      schema: dashboardControlArgsSchema,
      messages: {
        noClient: 'No dashboard is open in a browser, so it cannot be read or changed.',
        timeout: 'The dashboard did not answer in time; nothing was changed as far as we know.',
        cancelled: 'The run was cancelled before the dashboard answered.',
      },
    },
    dependencies,
  );
}
