import { z } from 'zod';
import { runSummarySchema } from './run-summary.ts';

/** `GET /api/runs/:runId`, and `POST /api/runs/:runId/cancel` (202). */
export const runResponseSchema = z.object({ run: runSummarySchema });

export type RunResponse = z.infer<typeof runResponseSchema>;
