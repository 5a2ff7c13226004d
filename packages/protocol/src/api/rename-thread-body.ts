import { z } from 'zod';
import { modelIdSchema } from './model-id.ts';

/** The longest thread title, in characters: a rename past it is refused, a first message past it is cut. */
export const maximumThreadTitleLength = 60;

/** A title as it is stored and counted: on one line, without surrounding space. */
export function oneLineTitle(title: string): string {
  return title.replace(/\s+/g, ' ').trim();
}

/** Body of `PATCH /api/threads/:threadId`: the name the user gave the chat (one line, ≤ 60 characters). */
export const renameThreadBodySchema = z.object({
  title: z
    .string()
    .max(1000)
    .refine((title) => oneLineTitle(title) !== '', 'must not be blank')
    .refine(
      (title) => oneLineTitle(title).length <= maximumThreadTitleLength,
      `must be at most ${maximumThreadTitleLength} characters`,
    ),
});

export type RenameThreadBody = z.infer<typeof renameThreadBodySchema>;

/**
 * Body of `PATCH /api/threads/:threadId`: any of a new name (as `renameThreadBodySchema`), the model the chat
 * runs (an id of `GET /api/health`'s `models`, or `null` for the server's default), whether it is pinned to the
 * top of the chat list and whether it is archived out of it; at least one.
 */
export const updateThreadBodySchema = z
  .object({
    title: renameThreadBodySchema.shape.title.optional(),
    model: modelIdSchema.nullable().optional(),
    pinned: z.boolean().optional(),
    archived: z.boolean().optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), 'nothing to change');

export type UpdateThreadBody = z.infer<typeof updateThreadBodySchema>;
