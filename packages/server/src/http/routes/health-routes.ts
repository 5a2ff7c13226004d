import type { HealthResponse } from '@drawbridge/protocol';
import { Hono } from 'hono';

/** What the health check reports about the model. */
export interface HealthModel {
  id: string;
  demo: boolean;
  hint: string;
}

/** `GET /` → `{ ok: true, model: { id, demo, hint }, models: [{ id, demo }], autoRepair, trustedLinkHosts }`; mounted at `/api/health`. */
export function createHealthRoutes({
  model,
  models = [model],
  autoRepair,
  trustedLinkHosts,
}: {
  model: HealthModel;
  /** Every model a chat may be set to, the default first; default: only `model`. */
  models?: readonly Pick<HealthModel, 'id' | 'demo'>[];
  autoRepair: boolean;
  trustedLinkHosts: readonly string[];
}): Hono {
  const routes = new Hono();
  routes.get('/', (context) =>
    context.json({
      ok: true,
      model: { id: model.id, demo: model.demo, hint: model.hint },
      models: models.map(({ id, demo }) => ({ id, demo })),
      autoRepair,
      trustedLinkHosts: [...trustedLinkHosts],
    } satisfies HealthResponse),
  );
  return routes;
}
