import { z } from 'zod';

/** `GET /api/health`: which model answers, whether it is the offline demo, and how to connect a real one. */
export const healthResponseSchema = z.object({
  ok: z.literal(true),
  model: z.object({ id: z.string(), demo: z.boolean(), hint: z.string() }),
});

export type HealthResponse = z.infer<typeof healthResponseSchema>;
