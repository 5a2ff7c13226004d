import { z } from 'zod';

export const runStatuses = ['running', 'finished', 'error', 'aborted'] as const;

/** One agent run, for usage accounting and the dashboard. */
export const runRecordSchema = z.object({
  id: z.string(),
  threadId: z.string(),
  model: z.string(),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  status: z.enum(runStatuses),
  inputTokens: z.number().nullable(),
  outputTokens: z.number().nullable(),
  error: z.string().nullable(),
});

export type RunRecord = z.infer<typeof runRecordSchema>;
