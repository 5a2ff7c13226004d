import { z } from 'zod';

/**
 * `409` from `POST /api/agent` when the thread already has a running run: `runId` names it, so the client
 * can follow it (`GET /api/runs/:runId/events`) instead of starting a competing one.
 */
export const runInProgressResponseSchema = z.object({
  error: z.object({ code: z.literal('run_in_progress'), message: z.string().min(1), runId: z.string() }),
});

export type RunInProgressResponse = z.infer<typeof runInProgressResponseSchema>;
