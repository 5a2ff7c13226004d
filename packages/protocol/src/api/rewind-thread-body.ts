import { z } from 'zod';

/**
 * Body of `POST /api/threads/:threadId/rewind`: `turn` counts the thread's user messages from 0; with
 * `content`, that message's text is replaced (an edit), without it the text stays (a regenerated reply).
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
