import { z } from 'zod';
import { dashboardTimeRangeSchema } from './dashboard-time-range.ts';

export const dashboardPages = ['overview', 'runs', 'widgets', 'tools', 'audit'] as const;

export type DashboardPage = (typeof dashboardPages)[number];

/** Arguments of `dashboard_control`: one operation on the live dashboard, executed in the browser. */
export const dashboardControlArgsSchema = z.discriminatedUnion('operation', [
  z.strictObject({ operation: z.literal('read') }),
  z.strictObject({ operation: z.literal('set_time_range'), range: dashboardTimeRangeSchema }),
  z.strictObject({ operation: z.literal('navigate'), page: z.enum(dashboardPages) }),
  z.strictObject({ operation: z.literal('refresh') }),
]);

export type DashboardControlArgs = z.infer<typeof dashboardControlArgsSchema>;

/** Arguments of the dashboard's `render_chart`: one metric of the catalogue, over the view's range or another. */
export const metricChartArgsSchema = z.strictObject({
  metric: z.string().min(1).max(64).describe('Exact metric name from list_metrics.'),
  range: dashboardTimeRangeSchema.optional().describe('Defaults to the time range the dashboard shows.'),
});

export type MetricChartArgs = z.infer<typeof metricChartArgsSchema>;
