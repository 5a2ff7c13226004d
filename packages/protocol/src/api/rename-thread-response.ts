import { z } from 'zod';
import { threadSummarySchema } from './thread-summary.ts';

/** `PATCH /api/threads/:threadId` → the thread under its new title. */
export const renameThreadResponseSchema = z.object({ thread: threadSummarySchema });

export type RenameThreadResponse = z.infer<typeof renameThreadResponseSchema>;
