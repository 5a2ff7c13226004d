import {
  describeSchemaError,
  type RecordWidgetEventResponse,
  type TelemetryRouteErrorCode,
  widgetEventInputSchema,
} from '@drawbridge/protocol';
import { Hono } from 'hono';
import { type ErrorResponder, errorResponse } from '../app/http-error.ts';
import type { TelemetryStore } from '../telemetry/telemetry-store.ts';

const refuse: ErrorResponder<TelemetryRouteErrorCode> = errorResponse;

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
      return refuse(context, 400, 'invalid_json', 'The request body is not valid JSON.');
    }
    const parsed = widgetEventInputSchema.safeParse(body);
    if (!parsed.success) {
      return refuse(
        context,
        400,
        'invalid_body',
        `Invalid widget event: ${describeSchemaError(parsed.error)}`,
      );
    }
    const event = await telemetry.recordWidgetEvent(parsed.data);
    return context.json({ event } satisfies RecordWidgetEventResponse, 201);
  });
  return routes;
}
