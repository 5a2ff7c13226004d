import { z } from 'zod';

/**
 * `GET /api/health`: which model answers, whether it is the offline demo, and how to connect a real one;
 * `autoRepair` says whether a widget that reports errors asks for its own repair once (`DRAWBRIDGE_AUTO_REPAIR=1`);
 * `models` lists the models a chat can be set to; `trustedLinkHosts` are the hosts a widget's link opens on without asking (`DRAWBRIDGE_TRUSTED_LINK_HOSTS`).
 */
export const healthResponseSchema = z.object({
  ok: z.literal(true),
  model: z.object({ id: z.string(), demo: z.boolean(), hint: z.string() }),
  /** Every model a chat may pick (`DRAWBRIDGE_MODELS`), the default (`model`) first. */
  models: z.array(z.object({ id: z.string(), demo: z.boolean() })),
  autoRepair: z.boolean(),
  trustedLinkHosts: z.array(z.string()),
});

export type HealthResponse = z.infer<typeof healthResponseSchema>;
