import {
  type DashboardControlArgs,
  dashboardToolDefinition,
  type MetricChartArgs,
} from '@drawbridge/protocol';
import {
  defineWidget,
  validateWithSchema,
  type WidgetDefinition,
  type WidgetRegistry,
} from '@drawbridge/react';
import { type DashboardController, executeDashboardControl } from './dashboard-controller.ts';
import { dashboardPageTitles, describeTimeRange } from './dashboard-view.ts';
import { MetricChartLoader } from './metric-chart.tsx';

/** The small chip the chat shows where the agent changed the dashboard; nothing for a read. */
function ControlChip({ args }: { args: DashboardControlArgs }) {
  const text =
    args.operation === 'navigate'
      ? `navigated to ${dashboardPageTitles[args.page]}`
      : args.operation === 'set_time_range'
        ? `showing ${describeTimeRange(args.range)}`
        : args.operation === 'refresh'
          ? 'refreshed the dashboard'
          : undefined;
  if (!text) return null;
  return (
    <span className="dashboard-chip">
      <span aria-hidden="true">↻</span> {text}
    </span>
  );
}

const controlDefinition = dashboardToolDefinition('dashboard_control');
const chartDefinition = dashboardToolDefinition('render_chart');
const validateMetricChart = validateWithSchema(chartDefinition.schema);

/**
 * The dashboard agent's widgets: the protocol's `dashboardToolDefinitions` (name, schema, acknowledgement,
 * shared with the server), each with what the panel does with it. `dashboard_control` acts on the live
 * dashboard through the controller, and `render_chart` draws the dashboard's own chart of one catalogue
 * metric. `metricNames`, once the catalogue has loaded, refuses other metrics before anything is fetched.
 */
export function createDashboardWidgetRegistry({
  controller,
  metricNames,
}: {
  controller: DashboardController;
  metricNames?: readonly string[] | undefined;
}): WidgetRegistry {
  return new Map<string, WidgetDefinition>([
    [
      controlDefinition.name,
      defineWidget<DashboardControlArgs>({
        validate: validateWithSchema(controlDefinition.schema),
        execute: (args) => executeDashboardControl(args, controller),
        render: (args) => <ControlChip args={args} />,
        ack: controlDefinition.ack,
      }),
    ],
    [
      chartDefinition.name,
      defineWidget<MetricChartArgs>({
        validate: (args) => {
          const validation = validateMetricChart(args);
          if (validation.ok && metricNames && !metricNames.includes(validation.args.metric)) {
            return {
              ok: false,
              reason: `metric: there is no metric "${validation.args.metric}". The catalogue has: ${metricNames.join(', ')}.`,
            };
          }
          return validation;
        },
        // Resolved when drawn: a chart without its own range shows the range the dashboard shows right now.
        render: (args) => (
          <MetricChartLoader
            metric={args.metric}
            range={args.range ?? controller.view().range}
            height={200}
          />
        ),
        ack: chartDefinition.ack,
      }),
    ],
  ]);
}
