import { describeSchemaError } from '@drawbridge/protocol';
import { Hono } from 'hono';
import { errorResponse } from '../app/http-error.ts';
import type { TelemetryStore } from '../telemetry/telemetry-store.ts';
import { widgetEventInputSchema } from '../telemetry/widget-event.ts';

/** `POST /api/telemetry/widget-events`: what a frame host saw (rendered, error, CSP violation, navigation). */
export function createTelemetryRoutes({
  telemetry,
}: {
  telemetry: Pick<TelemetryStore, 'recordWidgetEvent'>;
}): Hono {
  const routes = new Hono();
  routes.post('/widget-events', async (context) => {
    let body: unknown;
    try {
      body = await context.req.json();
    } catch {
      return errorResponse(context, 400, 'invalid_json', 'The request body is not valid JSON.');
    }
    const parsed = widgetEventInputSchema.safeParse(body);
    if (!parsed.success) {
      return errorResponse(
        context,
        400,
        'invalid_body',
        `Invalid widget event: ${describeSchemaError(parsed.error)}`,
      );
    }
    const event = await telemetry.recordWidgetEvent(parsed.data);
    return context.json({ event }, 201);
  });
  return routes;
}
