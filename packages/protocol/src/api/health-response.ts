import { z } from 'zod';

/**
 * `GET /api/health`: which model answers, whether it is the offline demo, and how to connect a real one;
 * `autoRepair` says whether a widget that reports errors asks for its own repair once (`DRAWBRIDGE_AUTO_REPAIR=1`);
 * `trustedLinkHosts` are the hosts a widget's link opens on without asking (`DRAWBRIDGE_TRUSTED_LINK_HOSTS`).
 */
export const healthResponseSchema = z.object({
  ok: z.literal(true),
  model: z.object({ id: z.string(), demo: z.boolean(), hint: z.string() }),
  autoRepair: z.boolean(),
  trustedLinkHosts: z.array(z.string()),
});

export type HealthResponse = z.infer<typeof healthResponseSchema>;
