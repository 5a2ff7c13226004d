import { z } from 'zod';

/** Which version of a message the thread shows (`index`, from 0, oldest first) of how many (`count` ≥ 2). */
export const messageBranchSchema = z.object({
  index: z.number().int().min(0),
  count: z.number().int().min(2),
});

export type MessageBranch = z.infer<typeof messageBranchSchema>;

/**
 * Body of `POST /api/threads/:threadId/branch`: show version `index` of the `turn`-th user message of the shown
 * branch (`side: 'user'`, its edits) or of its reply (`side: 'reply'`, its regenerations).
 */
export const selectBranchBodySchema = z.object({
  turn: z.number().int().min(0),
  side: z.enum(['user', 'reply']),
  index: z.number().int().min(0),
});

export type SelectBranchBody = z.infer<typeof selectBranchBodySchema>;
