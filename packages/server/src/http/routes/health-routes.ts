import type { HealthResponse } from '@drawbridge/protocol';
import { Hono } from 'hono';

/** What the health check reports about the model. */
export interface HealthModel {
  id: string;
  demo: boolean;
  hint: string;
}

/** `GET /` → `{ ok: true, model: { id, demo, hint }, autoRepair, trustedLinkHosts }`; mounted at `/api/health`. */
export function createHealthRoutes({
  model,
  autoRepair,
  trustedLinkHosts,
}: {
  model: HealthModel;
  autoRepair: boolean;
  trustedLinkHosts: readonly string[];
}): Hono {
  const routes = new Hono();
  routes.get('/', (context) =>
    context.json({
      ok: true,
      model: { id: model.id, demo: model.demo, hint: model.hint },
      autoRepair,
      trustedLinkHosts: [...trustedLinkHosts],
    } satisfies HealthResponse),
  );
  return routes;
}
