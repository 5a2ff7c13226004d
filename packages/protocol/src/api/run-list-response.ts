import { z } from 'zod';
import { runRecordSchema } from './run-record.ts';

/** `GET /api/dashboard/runs`: the latest runs of a range (at most 200, newest first), the range's total, and whether sample data is among them. */
export const runListResponseSchema = z.object({
  runs: z.array(runRecordSchema),
  total: z.number(),
  includesSample: z.boolean(),
});

export type RunListResponse = z.infer<typeof runListResponseSchema>;
