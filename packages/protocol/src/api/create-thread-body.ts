import { z } from 'zod';
import { modelIdSchema } from './model-id.ts';
import { agentThreadKindSchema } from './thread-kind.ts';

/** Body of `POST /api/threads` (optional: an empty body means `{}`, a chat). */
export const createThreadBodySchema = z.object({
  title: z.string().max(1000).optional(),
  kind: agentThreadKindSchema.optional(),
  /** The model the chat runs, one of `GET /api/health`'s `models`; absent, the server's default. */
  model: modelIdSchema.optional(),
});

export type CreateThreadBody = z.infer<typeof createThreadBodySchema>;
