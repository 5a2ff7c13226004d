import { z } from 'zod';
import { agentThreadKindSchema } from './thread-kind.ts';

/** Body of `POST /api/threads` (optional: an empty body means `{}`, a chat). */
export const createThreadBodySchema = z.object({
  title: z.string().max(1000).optional(),
  kind: agentThreadKindSchema.optional(),
});

export type CreateThreadBody = z.infer<typeof createThreadBodySchema>;
