import { z } from 'zod';

/** Body of `PATCH /api/threads/:threadId`: the name the user gave the chat (stored as one line, ≤ 60 characters). */
export const renameThreadBodySchema = z.object({
  title: z
    .string()
    .max(1000)
    .refine((title) => title.trim() !== '', 'must not be blank'),
});

export type RenameThreadBody = z.infer<typeof renameThreadBodySchema>;
