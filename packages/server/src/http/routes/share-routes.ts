import {
  type CreateShareResponse,
  createShareBodySchema,
  identifierPattern,
  maximumSharesPerUser,
  type Share,
  type ShareListResponse,
  type ShareRouteErrorCode,
} from '@drawbridge/protocol';
import { Hono } from 'hono';
import { ownedThread } from '../../auth/owned-thread.ts';
import { requestUser } from '../../auth/request-user.ts';
import { newShareToken, shareTokenDigest } from '../../shares/share-token.ts';
import { takeShareSnapshot } from '../../shares/take-share-snapshot.ts';
import type { Store } from '../../store/store.ts';
import { ThreadNotFoundError } from '../../store/thread-not-found-error.ts';
import { type ErrorResponder, errorResponse } from '../http-error.ts';
import { identifierParams, invalidIdentifierMessage, threadIdParam } from './identifier-params.ts';
import { readJsonBody } from './read-json-body.ts';

const refuse: ErrorResponder<ShareRouteErrorCode> = errorResponse;

const shareIdParam = identifierParams<ShareRouteErrorCode>({
  names: ['shareId'],
  code: 'invalid_share_id',
  message: invalidIdentifierMessage('link'),
});

/** Where a link's page is, below the server's mount. */
export function sharedPagePath(token: string): string {
  return `/share/${token}`;
}

/**
 * The owner's side of read-only links, mounted at `/api`: `POST /threads/:threadId/shares` makes one of the
 * user's own chat (or, with `{ widgetId }`, of one widget revision in it), `GET /shares[?threadId=]` lists the
 * user's links, `DELETE /shares/:shareId` revokes one. Another user's chat or link is `404`, as a missing one.
 */
export function createShareRoutes({ store }: { store: Store }): Hono {
  const routes = new Hono();

  routes.post('/threads/:threadId/shares', threadIdParam, async (context) => {
    const threadId = context.req.param('threadId');
    const body = await readJsonBody(context);
    if (body.status === 'invalid') {
      return refuse(context, 400, 'invalid_json', 'the request body is not valid JSON');
    }
    const parsed = createShareBodySchema.safeParse(body.status === 'parsed' ? body.value : {});
    if (!parsed.success) {
      return refuse(
        context,
        400,
        'invalid_body',
        'expected {} to share the chat, or { "widgetId": "<id>" } to share one widget revision',
      );
    }
    const userId = requestUser(context).id;
    const thread = await ownedThread({ store, threadId, userId });
    if (thread === undefined) {
      return refuse(context, 404, 'thread_not_found', `thread ${threadId} does not exist`);
    }
    if ((await store.listShares({ userId })).length >= maximumSharesPerUser) {
      return refuse(
        context,
        409,
        'too_many_shares',
        `You have ${maximumSharesPerUser} shared links, the most one user may hold; revoke one first.`,
      );
    }
    const { widgetId } = parsed.data;
    const snapshot = await takeShareSnapshot({ store, thread, widgetId });
    if (snapshot === undefined) {
      return refuse(context, 404, 'widget_not_found', `chat ${threadId} has no finished widget ${widgetId}`);
    }
    const token = newShareToken();
    let share: Share;
    try {
      share = await store.createShare({
        userId,
        threadId,
        widgetId: widgetId ?? null,
        title: snapshot.title,
        tokenDigest: shareTokenDigest(token),
        snapshotJson: snapshot.snapshotJson,
      });
    } catch (error) {
      // Deleted between the ownership check and the write.
      if (ThreadNotFoundError.isInstance(error)) {
        return refuse(context, 404, 'thread_not_found', `thread ${threadId} does not exist`);
      }
      throw error;
    }
    return context.json({ share, path: sharedPagePath(token) } satisfies CreateShareResponse, 201);
  });

  routes.get('/shares', async (context) => {
    const threadId = context.req.query('threadId');
    if (threadId !== undefined && !identifierPattern.test(threadId)) {
      return refuse(context, 400, 'invalid_query', 'expected ?threadId= a thread id, or none for every link');
    }
    const shares = await store.listShares({
      userId: requestUser(context).id,
      ...(threadId === undefined ? {} : { threadId }),
    });
    return context.json({ shares } satisfies ShareListResponse);
  });

  routes.delete('/shares/:shareId', shareIdParam, async (context) => {
    const shareId = context.req.param('shareId');
    const revoked = await store.deleteShare({ id: shareId, userId: requestUser(context).id });
    if (!revoked) return refuse(context, 404, 'share_not_found', `there is no link ${shareId}`);
    return context.body(null, 204);
  });

  return routes;
}
