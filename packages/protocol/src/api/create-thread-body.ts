import { z } from 'zod';

/** Body of `POST /api/threads` (optional: an empty body means `{}`). */
export const createThreadBodySchema = z.object({ title: z.string().max(1000).optional() });

export type CreateThreadBody = z.infer<typeof createThreadBodySchema>;
