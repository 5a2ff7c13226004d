import { z } from 'zod';

export const runStatuses = ['running', 'finished', 'error', 'cancelled', 'interrupted'] as const;

/** One agent run, for usage accounting and the dashboard. */
export const runRecordSchema = z.object({
  id: z.string(),
  threadId: z.string(),
  model: z.string(),
  status: z.enum(runStatuses),
  startedAt: z.string(),
  /** When it stopped being `running`; `null` while it runs and for a run nobody saw end. */
  endedAt: z.string().nullable(),
  /** The server instance that executes it (and renews its lease), when it holds one. */
  instanceId: z.string().nullable(),
  /** Until when the instance's claim holds; past it, any instance may mark the run `interrupted`. */
  leaseExpiresAt: z.string().nullable(),
  inputTokens: z.number().nullable(),
  /** The part of `inputTokens` the provider read from its prompt cache; `null` when it reported none. */
  cachedInputTokens: z.number().nullable(),
  outputTokens: z.number().nullable(),
  error: z.string().nullable(),
});

export type RunRecord = z.infer<typeof runRecordSchema>;
