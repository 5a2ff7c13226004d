import { z } from 'zod';
import { threadSummarySchema } from './thread-summary.ts';

/** `POST /api/threads` → `201`. */
export const createThreadResponseSchema = z.object({ thread: threadSummarySchema });

export type CreateThreadResponse = z.infer<typeof createThreadResponseSchema>;
