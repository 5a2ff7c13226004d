import { z } from 'zod';
import { threadKindSchema } from './thread-kind.ts';

/**
 * Query of `GET /api/threads`: the threads of `kind` (default the chats), either those in the list (default) or,
 * with `archived=true`, the archived ones.
 */
export const threadListQuerySchema = z.object({
  kind: threadKindSchema.default('chat'),
  archived: z
    .enum(['true', 'false'])
    .default('false')
    .transform((archived) => archived === 'true'),
});

export type ThreadListQuery = z.infer<typeof threadListQuerySchema>;
