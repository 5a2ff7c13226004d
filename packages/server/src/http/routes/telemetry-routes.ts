import {
  describeSchemaError,
  type RecordWidgetEventResponse,
  type TelemetryRouteErrorCode,
  widgetEventInputSchema,
} from '@drawbridge/protocol';
import { Hono } from 'hono';
import { ownedThread } from '../../auth/owned-thread.ts';
import { requestUser } from '../../auth/request-user.ts';
import type { Store } from '../../store/store.ts';
import type { TelemetryStore } from '../../telemetry/telemetry-store.ts';
import { type ErrorResponder, errorResponse } from '../http-error.ts';

const refuse: ErrorResponder<TelemetryRouteErrorCode> = errorResponse;

/** `POST /api/telemetry/widget-events`: what a frame host saw (rendered, error, CSP violation, navigation). */
export function createTelemetryRoutes({
  telemetry,
  store,
}: {
  telemetry: Pick<TelemetryStore, 'recordWidgetEvent'>;
  /** Events are recorded only for the caller's own threads. */
  store: Pick<Store, 'getThread'>;
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
    const { threadId } = parsed.data;
    if ((await ownedThread({ store, threadId, userId: requestUser(context).id })) === undefined) {
      return refuse(context, 404, 'thread_not_found', `thread ${threadId} does not exist`);
    }
    const event = await telemetry.recordWidgetEvent(parsed.data);
    return context.json({ event } satisfies RecordWidgetEventResponse, 201);
  });
  return routes;
}
