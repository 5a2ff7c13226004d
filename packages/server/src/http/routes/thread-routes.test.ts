import {
  createThreadResponseSchema,
  messageListResponseSchema,
  renameThreadResponseSchema,
  rewindThreadResponseSchema,
  selectBranchResponseSchema,
  type ThreadRouteErrorCode,
  threadListResponseSchema,
  threadRouteErrorCodes,
  threadSearchResponseSchema,
} from '@drawbridge/protocol';
import { Hono } from 'hono';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { localUser, type SignedInUser } from '../../auth/signed-in-user.ts';
import { signedInAs } from '../../auth/testing/signed-in-as.ts';
import { openSqliteStore } from '../../store/open-sqlite-store.ts';
import type { Store, StoredWidget } from '../../store/store.ts';
import { expectErrorResponse } from './testing/expect-error-response.ts';
import { readJsonResponse } from './testing/read-json-response.ts';
import { createThreadRoutes } from './thread-routes.ts';

const widget: StoredWidget = {
  id: 'w-1',
  height: 240,
  css: 'p{color:red}',
  html: '<p>hello</p>',
  js: '',
  complete: true,
};

let store: Store;
let app: Hono;
let renderedWidgets: StoredWidget[];

beforeEach(async () => {
  let count = 0;
  let tick = 0;
  store = await openSqliteStore({
    path: ':memory:',
    ids: () => `thread-${++count}`,
    clock: () => new Date(Date.UTC(2025, 0, 1) + 1000 * tick++),
  });
  renderedWidgets = [];
  const standalone = async (rendered: StoredWidget) => {
    renderedWidgets.push(rendered);
    return `<!doctype html><title>${rendered.id}</title>${rendered.html}`;
  };
  app = new Hono()
    .use(signedInAs(localUser))
    .route('/api/threads', createThreadRoutes({ store, standalone }));
});

afterEach(async () => {
  await store.close();
});

async function expectJsonError(response: Response, status: number, code: ThreadRouteErrorCode) {
  await expectErrorResponse({ response, status, codes: threadRouteErrorCodes, code });
}

describe('POST /api/threads', () => {
  it('creates an untitled thread without a body', async () => {
    const response = await app.request('/api/threads', { method: 'POST' });
    expect(response.status).toBe(201);
    const { thread } = await readJsonResponse(response, createThreadResponseSchema);
    expect(thread).toMatchObject({ id: 'thread-1', title: 'New chat' });
    expect(await store.getThread('thread-1')).toBeDefined();
  });

  it('creates a titled thread', async () => {
    const response = await app.request('/api/threads', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ title: 'Planets' }),
    });
    expect(response.status).toBe(201);
    expect((await readJsonResponse(response, createThreadResponseSchema)).thread.title).toBe('Planets');
  });

  it('rejects malformed JSON and a wrongly typed title with 400', async () => {
    await expectJsonError(
      await app.request('/api/threads', { method: 'POST', body: '{nope' }),
      400,
      'invalid_json',
    );
    await expectJsonError(
      await app.request('/api/threads', { method: 'POST', body: JSON.stringify({ title: 42 }) }),
      400,
      'invalid_body',
    );
    await expectJsonError(
      await app.request('/api/threads', { method: 'POST', body: '[]' }),
      400,
      'invalid_body',
    );
    expect(await store.listThreads()).toEqual([]);
  });
});

describe('GET /api/threads', () => {
  it('lists threads newest updated first', async () => {
    await store.createThread({ id: 'older' });
    await store.createThread({ id: 'newer' });
    await store.appendMessage({ id: 'm1', threadId: 'older', role: 'user', content: 'bump' });
    const response = await app.request('/api/threads');
    expect(response.status).toBe(200);
    const { threads } = await readJsonResponse(response, threadListResponseSchema);
    expect(threads.map((thread) => thread.id)).toEqual(['older', 'newer']);
  });

  it("lists only chats: the dashboard assistant's conversation and the sample history are not the user's chats", async () => {
    await store.createThread({ id: 'chat' });
    await store.createThread({ id: 'sample', title: 'Sample: calculator', kind: 'sample' });
    const created = await app.request('/api/threads', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ kind: 'dashboard' }),
    });
    expect(created.status).toBe(201);
    const { thread: dashboard } = await readJsonResponse(created, createThreadResponseSchema);
    expect(dashboard.kind).toBe('dashboard');

    const list = async (query: string) =>
      (
        await readJsonResponse(await app.request(`/api/threads${query}`), threadListResponseSchema)
      ).threads.map((thread) => [thread.id, thread.kind]);
    expect(await list('')).toEqual([['chat', 'chat']]);
    expect(await list('?kind=chat')).toEqual([['chat', 'chat']]);
    expect(await list('?kind=dashboard')).toEqual([[dashboard.id, 'dashboard']]);
    expect(await list('?kind=sample')).toEqual([['sample', 'sample']]);
    await expectJsonError(await app.request('/api/threads?kind=everything'), 400, 'invalid_query');
  });

  it('refuses to create a sample thread: only `drawbridge sample-data` writes those', async () => {
    await expectJsonError(
      await app.request('/api/threads', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ kind: 'sample' }),
      }),
      400,
      'invalid_body',
    );
  });
});

describe('GET /api/threads/:id/messages', () => {
  it('returns the stored messages with their widgets', async () => {
    await store.createThread({ id: 't1' });
    await store.appendMessage({ id: 'u', threadId: 't1', role: 'user', content: 'draw' });
    await store.appendMessage({ id: 'a', threadId: 't1', role: 'assistant', content: 'Here.', widget });
    const response = await app.request('/api/threads/t1/messages');
    expect(response.status).toBe(200);
    const { messages } = await readJsonResponse(response, messageListResponseSchema);
    expect(messages.map((message) => message.id)).toEqual(['u', 'a']);
    expect(messages[1]?.widget).toEqual(widget);
  });

  it("says whose conversation the thread is, so the chat does not draw the dashboard's as its own", async () => {
    await store.createThread({ id: 'd1', kind: 'dashboard' });
    const response = await app.request('/api/threads/d1/messages');
    const { thread } = await readJsonResponse(response, messageListResponseSchema);
    expect(thread).toMatchObject({ id: 'd1', kind: 'dashboard' });
  });

  it('answers 404 for an unknown thread and 400 for an invalid id', async () => {
    await expectJsonError(await app.request('/api/threads/missing/messages'), 404, 'thread_not_found');
    await expectJsonError(await app.request('/api/threads/bad%20id/messages'), 400, 'invalid_thread_id');
    await expectJsonError(
      await app.request(`/api/threads/${'x'.repeat(129)}/messages`),
      400,
      'invalid_thread_id',
    );
  });
});

describe('DELETE /api/threads/:id', () => {
  it('deletes once, then answers 404', async () => {
    await store.createThread({ id: 't1' });
    const first = await app.request('/api/threads/t1', { method: 'DELETE' });
    expect(first.status).toBe(204);
    expect(await first.text()).toBe('');
    await expectJsonError(
      await app.request('/api/threads/t1', { method: 'DELETE' }),
      404,
      'thread_not_found',
    );
    await expectJsonError(
      await app.request('/api/threads/a.b', { method: 'DELETE' }),
      400,
      'invalid_thread_id',
    );
  });
});

describe('GET /api/threads/:id/widgets/:widgetId.html', () => {
  beforeEach(async () => {
    await store.createThread({ id: 't1' });
    await store.appendMessage({ id: 'a', threadId: 't1', role: 'assistant', content: 'Here.', widget });
  });

  it('downloads the standalone document as an attachment, by id when the widget has no title', async () => {
    const response = await app.request('/api/threads/t1/widgets/w-1.html');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('content-disposition')).toBe(
      'attachment; filename="drawbridge-widget-w-1.html"',
    );
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await response.text()).toBe('<!doctype html><title>w-1</title><p>hello</p>');
    expect(renderedWidgets).toEqual([widget]);
  });

  it("downloads under the widget's own title when its markup names one", async () => {
    const titled = { ...widget, id: 'w-3', html: '<h2 class="t">🎲 Dice roller</h2><p>roll</p>' };
    await store.appendMessage({
      id: 'b',
      threadId: 't1',
      role: 'assistant',
      content: 'Dice.',
      widget: titled,
    });
    const response = await app.request('/api/threads/t1/widgets/w-3.html');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="dice-roller.html"');
  });

  it('answers 404 for an unknown widget or thread', async () => {
    await expectJsonError(await app.request('/api/threads/t1/widgets/w-2.html'), 404, 'widget_not_found');
    await expectJsonError(await app.request('/api/threads/t9/widgets/w-1.html'), 404, 'thread_not_found');
    expect(renderedWidgets).toEqual([]);
  });

  it('answers 400 for a file name that is not <id>.html', async () => {
    for (const file of [
      'w-1',
      'w-1.htm',
      'w-1.html.exe',
      '..%2Fsecret.html',
      '.html',
      `${'w'.repeat(129)}.html`,
    ]) {
      await expectJsonError(await app.request(`/api/threads/t1/widgets/${file}`), 400, 'invalid_widget_file');
    }
    expect(renderedWidgets).toEqual([]);
  });
});

function jsonRequest(method: string, body: unknown): RequestInit {
  return {
    method,
    headers: { 'Content-Type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  };
}

describe('PATCH /api/threads/:id', () => {
  it('renames a thread and answers with it', async () => {
    await store.createThread({ id: 't1' });
    await store.appendMessage({ id: 'u', threadId: 't1', role: 'user', content: 'draw a chart' });
    const response = await app.request(
      '/api/threads/t1',
      jsonRequest('PATCH', { title: '  Sales\nreview ' }),
    );
    expect(response.status).toBe(200);
    const { thread } = await readJsonResponse(response, renameThreadResponseSchema);
    expect(thread).toMatchObject({ id: 't1', title: 'Sales review' });
    expect((await store.getThread('t1'))?.title).toBe('Sales review');
  });

  it('refuses a blank, missing or too long title, bad JSON, an unknown thread and a bad id', async () => {
    await store.createThread({ id: 't1', title: 'Kept' });
    await expectJsonError(
      await app.request('/api/threads/t1', jsonRequest('PATCH', { title: ' ' })),
      400,
      'invalid_body',
    );
    // Never cut silently: a name past the limit is refused with the limit in the message, and the title stays.
    const tooLong = await app.request('/api/threads/t1', jsonRequest('PATCH', { title: 'x'.repeat(61) }));
    expect(tooLong.status).toBe(400);
    expect(((await tooLong.json()) as { error: { message: string } }).error.message).toContain(
      'at most 60 characters',
    );
    expect((await store.getThread('t1'))?.title).toBe('Kept');
    await expectJsonError(
      await app.request('/api/threads/t1', jsonRequest('PATCH', {})),
      400,
      'invalid_body',
    );
    await expectJsonError(await app.request('/api/threads/t1', { method: 'PATCH' }), 400, 'invalid_body');
    await expectJsonError(
      await app.request('/api/threads/t1', jsonRequest('PATCH', '{no')),
      400,
      'invalid_json',
    );
    await expectJsonError(
      await app.request('/api/threads/missing', jsonRequest('PATCH', { title: 'x' })),
      404,
      'thread_not_found',
    );
    await expectJsonError(
      await app.request('/api/threads/bad%20id', jsonRequest('PATCH', { title: 'x' })),
      400,
      'invalid_thread_id',
    );
    expect((await store.getThread('t1'))?.title).toBe('Kept');
  });
});

describe('pinning and archiving a chat', () => {
  const list = async (query = '') =>
    (await readJsonResponse(await app.request(`/api/threads${query}`), threadListResponseSchema)).threads;

  it('pins a chat without moving it in time, and unpins it', async () => {
    const created = await store.createThread({ id: 't1', title: 'Planets' });
    const pinned = await app.request('/api/threads/t1', jsonRequest('PATCH', { pinned: true }));
    expect(pinned.status).toBe(200);
    const { thread } = await readJsonResponse(pinned, renameThreadResponseSchema);
    expect(thread).toMatchObject({ id: 't1', updatedAt: created.updatedAt, archivedAt: null });
    expect(thread.pinnedAt).toEqual(expect.any(String));
    // Pinning again keeps when it was first pinned.
    await app.request('/api/threads/t1', jsonRequest('PATCH', { pinned: true }));
    expect((await list())[0]?.pinnedAt).toBe(thread.pinnedAt);
    await app.request('/api/threads/t1', jsonRequest('PATCH', { pinned: false }));
    expect((await list())[0]).toMatchObject({ pinnedAt: null, updatedAt: created.updatedAt });
  });

  it('takes an archived chat out of the list and its search, into ?archived=true, and back', async () => {
    await store.createThread({ id: 'kept', title: 'Planets kept' });
    await store.createThread({ id: 'archived', title: 'Planets archived' });
    const archived = await app.request('/api/threads/archived', jsonRequest('PATCH', { archived: true }));
    expect((await readJsonResponse(archived, renameThreadResponseSchema)).thread.archivedAt).toEqual(
      expect.any(String),
    );
    expect((await list()).map((thread) => thread.id)).toEqual(['kept']);
    expect((await list('?archived=false')).map((thread) => thread.id)).toEqual(['kept']);
    expect((await list('?archived=true')).map((thread) => thread.id)).toEqual(['archived']);
    const search = await app.request('/api/threads/search?q=planets');
    const { results } = await readJsonResponse(search, threadSearchResponseSchema);
    expect(results.map((result) => result.thread.id)).toEqual(['kept']);
    // Still the user's chat: it opens by its link.
    expect((await app.request('/api/threads/archived/messages')).status).toBe(200);

    await app.request('/api/threads/archived', jsonRequest('PATCH', { archived: false }));
    expect((await list()).map((thread) => thread.id)).toEqual(['archived', 'kept']);
    expect(await list('?archived=true')).toEqual([]);
  });

  it('keeps a pin through archiving: an unarchived chat is pinned again', async () => {
    await store.createThread({ id: 't1' });
    await app.request('/api/threads/t1', jsonRequest('PATCH', { pinned: true, archived: true }));
    expect((await list('?archived=true'))[0]).toMatchObject({
      pinnedAt: expect.any(String),
      archivedAt: expect.any(String),
    });
    await app.request('/api/threads/t1', jsonRequest('PATCH', { archived: false }));
    expect((await list())[0]).toMatchObject({ pinnedAt: expect.any(String), archivedAt: null });
  });

  it("refuses a flag that is not a boolean, a bad ?archived=, a thread that is not a chat, and another user's chat as a missing one", async () => {
    await store.createThread({ id: 't1' });
    await expectJsonError(
      await app.request('/api/threads/t1', jsonRequest('PATCH', { pinned: 'yes' })),
      400,
      'invalid_body',
    );
    await expectJsonError(
      await app.request('/api/threads/t1', jsonRequest('PATCH', { archived: null })),
      400,
      'invalid_body',
    );
    await expectJsonError(await app.request('/api/threads?archived=maybe'), 400, 'invalid_query');
    await store.createThread({ id: 'panel', kind: 'dashboard' });
    await expectJsonError(
      await app.request('/api/threads/panel', jsonRequest('PATCH', { archived: true })),
      409,
      'wrong_thread_kind',
    );
    expect((await store.getThread('panel'))?.archivedAt).toBeNull();
    const other: SignedInUser = { id: 'other', name: 'Other', email: null, isAdmin: false, via: 'token' };
    const otherApp = new Hono()
      .use(signedInAs(other))
      .route('/api/threads', createThreadRoutes({ store, standalone: async () => '' }));
    await expectJsonError(
      await otherApp.request('/api/threads/t1', jsonRequest('PATCH', { pinned: true })),
      404,
      'thread_not_found',
    );
    await expectJsonError(
      await otherApp.request('/api/threads/t1', jsonRequest('PATCH', { archived: true })),
      404,
      'thread_not_found',
    );
    await app.request('/api/threads/t1', jsonRequest('PATCH', { archived: true }));
    const theirs = await otherApp.request('/api/threads?archived=true');
    expect((await readJsonResponse(theirs, threadListResponseSchema)).threads).toEqual([]);
    expect(await store.getThread('t1')).toMatchObject({ pinnedAt: null, archivedAt: expect.any(String) });
  });
});

describe('GET /api/threads/search', () => {
  it('finds chats by title and message text, with a snippet of the matching message', async () => {
    await store.createThread({ id: 'a', title: 'Planets' });
    await store.createThread({ id: 'b' });
    await store.appendMessage({ id: 'u', threadId: 'b', role: 'user', content: 'plot the planets by size' });
    await store.createThread({ id: 'c', title: 'Unrelated' });
    const response = await app.request('/api/threads/search?q=planets');
    expect(response.status).toBe(200);
    const { results } = await readJsonResponse(response, threadSearchResponseSchema);
    expect(results.map((result) => [result.thread.id, result.snippet])).toEqual([
      ['b', 'plot the planets by size'],
      ['a', null],
    ]);
  });

  it("finds only chats, never the dashboard assistant's conversation or the sample history", async () => {
    await store.createThread({ id: 'chat', title: 'Planets' });
    await store.createThread({ id: 'dashboard', title: 'Planets', kind: 'dashboard' });
    await store.createThread({ id: 'sample', title: 'Sample: planets', kind: 'sample' });
    const response = await app.request('/api/threads/search?q=planets');
    const { results } = await readJsonResponse(response, threadSearchResponseSchema);
    expect(results.map((result) => result.thread.id)).toEqual(['chat']);
  });

  it('refuses an empty or overlong query', async () => {
    await expectJsonError(await app.request('/api/threads/search'), 400, 'invalid_query');
    await expectJsonError(await app.request('/api/threads/search?q=%20'), 400, 'invalid_query');
    await expectJsonError(
      await app.request(`/api/threads/search?q=${'x'.repeat(201)}`),
      400,
      'invalid_query',
    );
  });
});

describe('POST /api/threads/:id/rewind', () => {
  beforeEach(async () => {
    await store.createThread({ id: 't1' });
    await store.appendMessage({ id: 'u1', threadId: 't1', role: 'user', content: 'a chart' });
    await store.appendMessage({ id: 'a1', threadId: 't1', role: 'assistant', content: 'Here.', widget });
    await store.appendMessage({ id: 'u2', threadId: 't1', role: 'user', content: 'a table' });
    await store.appendMessage({ id: 'a2', threadId: 't1', role: 'assistant', content: 'A table.' });
  });

  it('shows the other version of an edited message again, with what followed it, and says so on reload', async () => {
    await app.request('/api/threads/t1/rewind', jsonRequest('POST', { turn: 1, content: 'a list' }));
    const switched = await app.request(
      '/api/threads/t1/branch',
      jsonRequest('POST', { turn: 1, side: 'user', index: 0 }),
    );
    const { messages } = await readJsonResponse(switched, selectBranchResponseSchema);
    expect(messages.map((message) => [message.id, message.branch])).toEqual([
      ['u1', undefined],
      ['a1', undefined],
      ['u2', { index: 0, count: 2 }],
      ['a2', undefined],
    ]);
    const reloaded = await readJsonResponse(
      await app.request('/api/threads/t1/messages'),
      messageListResponseSchema,
    );
    expect(reloaded.messages.map((message) => message.id)).toEqual(['u1', 'a1', 'u2', 'a2']);
    expect(reloaded.messages[2]?.branch).toEqual({ index: 0, count: 2 });
  });

  it('refuses a version that is not there, a bad body, and a switch under a running reply', async () => {
    await expectJsonError(
      await app.request('/api/threads/t1/branch', jsonRequest('POST', { turn: 1, side: 'reply', index: 1 })),
      404,
      'branch_not_found',
    );
    await expectJsonError(
      await app.request('/api/threads/t1/branch', jsonRequest('POST', { turn: 5, side: 'user', index: 0 })),
      404,
      'turn_not_found',
    );
    await expectJsonError(
      await app.request('/api/threads/t1/branch', jsonRequest('POST', { turn: 0, side: 'left', index: 0 })),
      400,
      'invalid_body',
    );
    await store.startRun({ id: 'r1', threadId: 't1', model: 'demo' });
    await expectJsonError(
      await app.request('/api/threads/t1/branch', jsonRequest('POST', { turn: 0, side: 'user', index: 0 })),
      409,
      'run_in_progress',
    );
  });

  it('keeps a turn and drops what followed, for a regenerated reply', async () => {
    const response = await app.request('/api/threads/t1/rewind', jsonRequest('POST', { turn: 1 }));
    expect(response.status).toBe(200);
    const body = await readJsonResponse(response, rewindThreadResponseSchema);
    expect(body.text).toBe('a table');
    expect(body.messages.map((message) => message.id)).toEqual(['u1', 'a1', 'u2']);
  });

  it('stores an edited message trimmed, as the run will send it', async () => {
    const response = await app.request(
      '/api/threads/t1/rewind',
      jsonRequest('POST', { turn: 0, content: ' a map \n' }),
    );
    const body = await readJsonResponse(response, rewindThreadResponseSchema);
    expect(body.text).toBe('a map');
    expect(body.messages.map((message) => [message.content, message.branch])).toEqual([
      ['a map', { index: 1, count: 2 }],
    ]);
  });

  it('refuses while a reply is running, and for a turn, thread or body that is not there', async () => {
    await store.startRun({ id: 'r1', threadId: 't1', model: 'demo' });
    await expectJsonError(
      await app.request('/api/threads/t1/rewind', jsonRequest('POST', { turn: 0 })),
      409,
      'run_in_progress',
    );
    await store.finishRun('r1', { status: 'finished' });
    await expectJsonError(
      await app.request('/api/threads/t1/rewind', jsonRequest('POST', { turn: 2 })),
      404,
      'turn_not_found',
    );
    await expectJsonError(
      await app.request('/api/threads/missing/rewind', jsonRequest('POST', { turn: 0 })),
      404,
      'thread_not_found',
    );
    await expectJsonError(
      await app.request('/api/threads/t1/rewind', jsonRequest('POST', { turn: -1 })),
      400,
      'invalid_body',
    );
    await expectJsonError(
      await app.request('/api/threads/t1/rewind', jsonRequest('POST', { turn: 0, content: '  ' })),
      400,
      'invalid_body',
    );
    await expectJsonError(
      await app.request('/api/threads/t1/rewind', jsonRequest('POST', '{')),
      400,
      'invalid_json',
    );
    expect(await store.listMessages('t1')).toHaveLength(4);
  });
});
