import { z } from 'zod';

/**
 * `GET /api/dashboard/series`: one metric over a range, one label per bucket, one or more named series,
 * and a sentence that sums it up.
 */
export const metricSeriesSchema = z.object({
  metric: z.string(),
  title: z.string(),
  unit: z.string(),
  range: z.object({ since: z.string(), until: z.string(), label: z.string(), bucketMs: z.number() }),
  labels: z.array(z.string()),
  series: z.array(z.object({ name: z.string(), values: z.array(z.number()) })),
  /** Per series the range's total; for generation time `p50`, `p95` and `finished` over all finished runs. */
  totals: z.record(z.string(), z.number()),
  summary: z.string(),
});

export type MetricSeries = z.infer<typeof metricSeriesSchema>;
