import { z } from 'zod';
import { metricDefinitionSchema } from './metric-definition.ts';

/** `GET /api/dashboard/metrics`: the curated catalogue, the only metrics the agent may chart. */
export const metricCatalogueResponseSchema = z.object({ metrics: z.array(metricDefinitionSchema) });

export type MetricCatalogueResponse = z.infer<typeof metricCatalogueResponseSchema>;
