import { z } from 'zod';
import { runSummarySchema } from './run-summary.ts';
import { storedMessageSchema } from './stored-message.ts';

/**
 * `GET /api/threads/:threadId/messages`: oldest first, with their widgets, and the thread's running run
 * (`null` when none), so a client that opens the thread mid-run can follow it.
 */
export const messageListResponseSchema = z.object({
  messages: z.array(storedMessageSchema),
  activeRun: runSummarySchema.nullable(),
});

export type MessageListResponse = z.infer<typeof messageListResponseSchema>;
