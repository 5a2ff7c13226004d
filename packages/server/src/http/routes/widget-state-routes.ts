import {
  putWidgetStateBodySchema,
  type StoredWidgetState,
  type ThreadRouteErrorCode,
  widgetLineageId,
} from '@drawbridge/protocol';
import { Hono } from 'hono';
import { ownedThread } from '../../auth/owned-thread.ts';
import { requestUser } from '../../auth/request-user.ts';
import type { Store } from '../../store/store.ts';
import { ThreadNotFoundError } from '../../store/thread-not-found-error.ts';
import { type ErrorResponder, errorResponse } from '../http-error.ts';
import { identifierParams } from './identifier-params.ts';
import { readJsonBody } from './read-json-body.ts';

const refuse: ErrorResponder<ThreadRouteErrorCode> = errorResponse;

const widgetIdParams = identifierParams<ThreadRouteErrorCode>({
  names: ['threadId', 'lineageId'],
  code: 'invalid_thread_id',
  message: 'thread and widget ids are A-Z, a-z, 0-9, _ and -',
});

/**
 * `PUT /api/threads/:threadId/widgets/:lineageId/state`: what a widget keeps (`host.setState`), stored for every
 * revision of it (`lineageId` is the id of its first revision). The frame and the host check the bound too; this
 * is the check that holds for any client. The thread's messages answer the states back (`widgetStates`).
 */
export function createWidgetStateRoutes({ store }: { store: Store }): Hono {
  const routes = new Hono();

  routes.put('/:threadId/widgets/:lineageId/state', widgetIdParams, async (context) => {
    const threadId = context.req.param('threadId');
    const lineageId = context.req.param('lineageId');
    const body = await readJsonBody(context);
    if (body.status === 'invalid')
      return refuse(context, 400, 'invalid_json', 'the request body is not valid JSON');
    const parsed = putWidgetStateBodySchema.safeParse(body.status === 'parsed' ? body.value : undefined);
    if (!parsed.success) {
      const issue = parsed.error.issues.find((candidate) => candidate.code === 'custom');
      return refuse(
        context,
        400,
        'invalid_widget_state',
        issue?.message ?? 'expected { "state": { … } }: the widget\'s state as one JSON object',
      );
    }
    if ((await ownedThread({ store, threadId, userId: requestUser(context).id })) === undefined) {
      return refuse(context, 404, 'thread_not_found', `thread ${threadId} does not exist`);
    }
    // The first revision of the lineage names it; a later revision's own id is not a lineage.
    const widget = await store.getWidget(threadId, lineageId);
    if (widget === undefined || widgetLineageId(widget) !== lineageId) {
      return refuse(
        context,
        404,
        'widget_not_found',
        `widget ${lineageId} does not exist in thread ${threadId}`,
      );
    }
    try {
      const updatedAt = await store.setWidgetState({
        threadId,
        lineageId,
        stateJson: JSON.stringify(parsed.data.state),
      });
      return context.json({ lineageId, state: parsed.data.state, updatedAt } satisfies StoredWidgetState);
    } catch (error) {
      // Deleted between the ownership check and the write.
      if (ThreadNotFoundError.isInstance(error)) {
        return refuse(context, 404, 'thread_not_found', `thread ${threadId} does not exist`);
      }
      throw error;
    }
  });

  return routes;
}
