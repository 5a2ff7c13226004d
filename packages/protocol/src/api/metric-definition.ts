import { z } from 'zod';

/** One metric the dashboard (and its agent) can show, and the dashboard page it lives on. */
export const metricDefinitionSchema = z.object({
  name: z.string(),
  title: z.string(),
  unit: z.string(),
  description: z.string(),
  page: z.enum(['overview', 'runs', 'widgets', 'tools']),
});

export type MetricDefinition = z.infer<typeof metricDefinitionSchema>;
