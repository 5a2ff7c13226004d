import {
  messageListResponseSchema,
  storedWidgetStateSchema,
  type ThreadRouteErrorCode,
  threadRouteErrorCodes,
  widgetStateLimits,
} from '@drawbridge/protocol';
import { Hono } from 'hono';
import { afterEach, describe, expect, it } from 'vitest';
import { openTestStorage, storageDialects } from '../../../../../test-support/open-test-storage.ts';
import { localUser } from '../../auth/signed-in-user.ts';
import { signedInAs } from '../../auth/testing/signed-in-as.ts';
import type { Storage, StoredWidget } from '../../store/index.ts';
import { expectErrorResponse } from './testing/expect-error-response.ts';
import { readJsonResponse } from './testing/read-json-response.ts';
import { createThreadRoutes } from './thread-routes.ts';
import { createWidgetStateRoutes } from './widget-state-routes.ts';

const counter: StoredWidget = {
  id: 'w-1',
  height: 240,
  css: '',
  html: '<h2>Tally</h2>',
  js: '',
  complete: true,
};
const counterDark: StoredWidget = {
  ...counter,
  id: 'w-2',
  css: 'body{background:#111}',
  revision: { of: 'w-1', number: 2, baseId: 'w-1' },
};

let opened: Storage[] = [];

afterEach(async () => {
  await Promise.all(opened.map((storage) => storage.close()));
  opened = [];
});

async function appOn(dialect: 'sqlite' | 'postgres') {
  const storage = await openTestStorage({ dialect });
  opened.push(storage);
  const { store } = storage;
  await store.createThread({ id: 't1', userId: localUser.id });
  await store.appendMessage({ id: 'u', threadId: 't1', role: 'user', content: 'a counter' });
  await store.appendMessage({
    id: 'a',
    threadId: 't1',
    role: 'assistant',
    content: 'Here.',
    widget: counter,
  });
  const app = new Hono()
    .use(signedInAs(localUser))
    .route('/api/threads', createThreadRoutes({ store, standalone: async () => '' }))
    .route('/api/threads', createWidgetStateRoutes({ store }));
  const put = (path: string, body: unknown) =>
    app.request(path, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
  const statesOf = async () =>
    (await readJsonResponse(await app.request('/api/threads/t1/messages'), messageListResponseSchema))
      .widgetStates;
  return { storage, app, put, statesOf };
}

async function expectJsonError(response: Response, status: number, code: ThreadRouteErrorCode) {
  await expectErrorResponse({ response, status, codes: threadRouteErrorCodes, code });
}

describe.each(storageDialects)('PUT /api/threads/:threadId/widgets/:lineageId/state on %s', (dialect) => {
  it('keeps the latest state per widget lineage, and the thread answers it with its messages', async () => {
    const { put, statesOf, storage } = await appOn(dialect);
    expect(await statesOf()).toEqual([]);
    const first = await put('/api/threads/t1/widgets/w-1/state', { state: { count: 2, step: 1 } });
    expect(first.status).toBe(200);
    expect(await readJsonResponse(first, storedWidgetStateSchema)).toMatchObject({
      lineageId: 'w-1',
      state: { count: 2, step: 1 },
    });
    // An edit makes revision 2; the state belongs to the lineage, so it carries on.
    await storage.store.appendMessage({
      id: 'a2',
      threadId: 't1',
      role: 'assistant',
      content: 'Dark.',
      widget: counterDark,
    });
    expect((await put('/api/threads/t1/widgets/w-1/state', { state: { count: 3, step: 1 } })).status).toBe(
      200,
    );
    expect(await statesOf()).toEqual([
      { lineageId: 'w-1', state: { count: 3, step: 1 }, updatedAt: expect.any(String) },
    ]);
    // A later revision's own id names no lineage.
    await expectJsonError(
      await put('/api/threads/t1/widgets/w-2/state', { state: { count: 9 } }),
      404,
      'widget_not_found',
    );
  });

  it('refuses what is not a bounded JSON object with a clear 400, and an unknown widget or thread with a 404', async () => {
    const { put, statesOf } = await appOn(dialect);
    const tooBig = await put('/api/threads/t1/widgets/w-1/state', {
      state: { notes: 'x'.repeat(widgetStateLimits.maxCharacters) },
    });
    expect(tooBig.status).toBe(400);
    const body = (await tooBig.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe('invalid_widget_state');
    expect(body.error.message).toMatch(/more than the 4000 a widget may keep/);
    await expectJsonError(
      await put('/api/threads/t1/widgets/w-1/state', { state: [1, 2] }),
      400,
      'invalid_widget_state',
    );
    await expectJsonError(
      await put('/api/threads/t1/widgets/w-1/state', { count: 1 }),
      400,
      'invalid_widget_state',
    );
    await expectJsonError(await put('/api/threads/t1/widgets/w-1/state', '{'), 400, 'invalid_json');
    await expectJsonError(
      await put('/api/threads/t1/widgets/nope/state', { state: {} }),
      404,
      'widget_not_found',
    );
    await expectJsonError(
      await put('/api/threads/t9/widgets/w-1/state', { state: {} }),
      404,
      'thread_not_found',
    );
    await expectJsonError(
      await put('/api/threads/t1/widgets/w%201/state', { state: {} }),
      400,
      'invalid_thread_id',
    );
    expect(await statesOf()).toEqual([]);
  });

  it('goes with its thread', async () => {
    const { put, storage } = await appOn(dialect);
    await put('/api/threads/t1/widgets/w-1/state', { state: { count: 1 } });
    expect(await storage.store.listWidgetStates('t1')).toHaveLength(1);
    await storage.store.deleteThread('t1');
    expect(await storage.store.listWidgetStates('t1')).toEqual([]);
  });
});
