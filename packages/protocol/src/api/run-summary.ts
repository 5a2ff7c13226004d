import { z } from 'zod';
import { runStatuses } from './run-record.ts';

/** A durable run as a client follows it: which thread, where it is, when it started and ended. */
export const runSummarySchema = z.object({
  id: z.string(),
  threadId: z.string(),
  status: z.enum(runStatuses),
  startedAt: z.string(),
  /** `null` while it runs, and for a run nobody saw end. */
  endedAt: z.string().nullable(),
});

export type RunSummary = z.infer<typeof runSummarySchema>;
