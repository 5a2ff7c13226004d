import { z } from 'zod';
import { threadKindSchema } from './thread-kind.ts';

/** A conversation as the thread routes show it; the title comes from the first user message unless named. */
export const threadSummarySchema = z.object({
  id: z.string(),
  title: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** The owner: the local user until an auth mode assigns real ones; `null` for a thread nobody owns. */
  userId: z.string().nullable(),
  /** Whose conversation it is: the chat list shows only `chat` threads. */
  kind: threadKindSchema,
});

export type ThreadSummary = z.infer<typeof threadSummarySchema>;
