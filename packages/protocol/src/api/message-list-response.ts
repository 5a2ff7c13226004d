import { z } from 'zod';
import { runSummarySchema } from './run-summary.ts';
import { storedMessageSchema } from './stored-message.ts';
import { threadSummarySchema } from './thread-summary.ts';
import { storedWidgetStateSchema } from './widget-state.ts';

/**
 * `GET /api/threads/:threadId/messages`: the thread (its kind says whose conversation it is), its messages
 * oldest first with their widgets, its running run (`null` when none), so a client that opens the thread
 * mid-run can follow it, and what its widgets keep (`host.setState`), one entry per widget lineage.
 */
export const messageListResponseSchema = z.object({
  thread: threadSummarySchema,
  messages: z.array(storedMessageSchema),
  activeRun: runSummarySchema.nullable(),
  /** Absent from servers before widget state. */
  widgetStates: z.array(storedWidgetStateSchema).optional(),
});

export type MessageListResponse = z.infer<typeof messageListResponseSchema>;
