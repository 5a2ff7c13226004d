import { z } from 'zod';
import { threadSummarySchema } from './thread-summary.ts';

/** `GET /api/threads`: newest updated first (last activity; pinning and archiving do not move a chat). */
export const threadListResponseSchema = z.object({ threads: z.array(threadSummarySchema) });

export type ThreadListResponse = z.infer<typeof threadListResponseSchema>;
