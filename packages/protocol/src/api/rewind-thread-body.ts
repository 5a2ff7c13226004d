import { z } from 'zod';

/**
 * Body of `POST /api/threads/:threadId/rewind`: `turn` counts the user messages of the branch the thread shows,
 * from 0; with `content`, a new version of that message is made with that text (an edit), without it the thread
 * ends at that message for its reply to be made again (a regenerated reply). Nothing is deleted: the earlier
 * version stays, a branch of its own.
 */
export const rewindThreadBodySchema = z.object({
  turn: z.number().int().min(0),
  content: z
    .string()
    .max(200_000)
    .refine((content) => content.trim() !== '', 'must not be blank')
    .optional(),
});

export type RewindThreadBody = z.infer<typeof rewindThreadBodySchema>;
