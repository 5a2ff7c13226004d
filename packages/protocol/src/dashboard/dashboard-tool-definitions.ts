import type { z } from 'zod';
import { defineRenderTool } from '../render-tools/render-tool-definitions.ts';
import { dashboardControlArgsSchema, metricChartArgsSchema } from './dashboard-control.ts';

/**
 * The dashboard assistant's tools that the browser answers, declared once: the server's dashboard toolbox
 * and the dashboard panel's registry (which adds what each does and draws) both read this list. Its
 * `render_chart` is not the chat's: it draws a catalogue metric, so a stored call of it is drawn again only
 * with this definition, in the conversation it was made in (a `dashboard` thread).
 */
export const dashboardToolDefinitions = [
  defineRenderTool({
    name: 'dashboard_control',
    title: 'Drive the dashboard',
    noun: 'dashboard change',
    description:
      'Read or change the live dashboard. Operations: {"operation":"read"} returns the current page and time range; {"operation":"set_time_range","range":{"preset":"1h"|"24h"|"7d"}} or {"range":{"since":ISO,"until":ISO}}; {"operation":"navigate","page":"overview"|"runs"|"widgets"|"tools"|"audit"}; {"operation":"refresh"}.',
    schema: dashboardControlArgsSchema,
    // The browser's answer says what it did ("Now showing …"); this is the answer of a call that did nothing new.
    ack: 'Done.',
  }),
  defineRenderTool({
    name: 'render_chart',
    title: 'Show metric chart',
    noun: 'chart',
    description:
      'Draw the dashboard chart of ONE metric from list_metrics in the chat, and get a short numeric summary back. Use the exact metric name; range defaults to the range the dashboard shows.',
    schema: metricChartArgsSchema,
    ack: 'Displayed the chart to the user.',
  }),
] as const;

export type DashboardToolName = (typeof dashboardToolDefinitions)[number]['name'];

/** The arguments of the dashboard tool `Name`, as its schema parses them. */
export type DashboardToolArgs<Name extends DashboardToolName> = z.infer<
  Extract<(typeof dashboardToolDefinitions)[number], { name: Name }>['schema']
>;

/** The definition of the dashboard tool `name`, with its schema's type (for the server's tool and the panel's widget). */
export function dashboardToolDefinition<Name extends DashboardToolName>(
  name: Name,
): Extract<(typeof dashboardToolDefinitions)[number], { name: Name }> {
  const definition = dashboardToolDefinitions.find((candidate) => candidate.name === name);
  // The names come from the list's own type, so every one of them is in the list.
  return definition as Extract<(typeof dashboardToolDefinitions)[number], { name: Name }>;
}
