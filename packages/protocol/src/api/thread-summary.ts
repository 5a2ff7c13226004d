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
  /** The model id the chat was set to (one of `GET /api/health`'s `models`); `null` runs the server's default. */
  model: z.string().nullable().optional(),
  /** When the chat was pinned to the top of the list (`PATCH { pinned: true }`); `null`: not pinned. */
  pinnedAt: z.string().nullable().optional(),
  /** When the chat was archived out of the list (`PATCH { archived: true }`); `null`: listed. */
  archivedAt: z.string().nullable().optional(),
});

export type ThreadSummary = z.infer<typeof threadSummarySchema>;
