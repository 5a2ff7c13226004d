import {
  appErrorCodes,
  createShareResponseSchema,
  maximumSharesPerUser,
  shareListResponseSchema,
  shareRouteErrorCodes,
} from '@drawbridge/protocol';
import type { Hono } from 'hono';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { shareTokenDigest } from '../../shares/share-token.ts';
import type { Storage } from '../../store/index.ts';
import { expectErrorResponse } from './testing/expect-error-response.ts';
import { openProxySignedInApp, type ProxySignedInApp } from './testing/open-proxy-signed-in-app.ts';
import { readJsonResponse } from './testing/read-json-response.ts';

const codes = [...appErrorCodes, ...shareRouteErrorCodes] as const;

let storage: Storage;
let app: Hono;
let as: ProxySignedInApp['as'];

function share(user: string, threadId: string, body?: unknown) {
  return as(user, `/api/threads/${threadId}/shares`, {
    method: 'POST',
    ...(body === undefined
      ? {}
      : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
  });
}

/** A chat of Ada's: her question, a reply with prose and a finished widget. */
async function adasChat(): Promise<string> {
  const { store } = storage;
  const thread = await store.createThread({ userId: 'proxy:ada@example.com', title: 'Cities of Norway' });
  await store.appendMessage({
    id: `u-${thread.id}`,
    threadId: thread.id,
    role: 'user',
    content: 'Chart the cities',
  });
  await store.appendMessage({
    id: `a-${thread.id}`,
    threadId: thread.id,
    role: 'assistant',
    content: 'Here is **Oslo**.',
    widget: {
      id: 'w1',
      height: 200,
      css: '',
      html: '<h3>People by city</h3><p>Oslo</p>',
      js: '',
      complete: true,
    },
  });
  return thread.id;
}

beforeEach(async () => {
  ({ storage, app, as } = await openProxySignedInApp());
});

afterEach(async () => {
  await storage.close();
});

describe('sharing a chat by link', () => {
  it('makes a link whose page anyone may read: a sandboxed copy of the chat as it was, with no way to act', async () => {
    const threadId = await adasChat();
    const response = await share('ada@example.com', threadId);
    expect(response.status).toBe(201);
    const created = await readJsonResponse(response, createShareResponseSchema);
    expect(created.share).toMatchObject({ threadId, widgetId: null, title: 'Cities of Norway' });
    expect(created.path).toMatch(/^\/share\/[A-Za-z0-9_-]{43}$/);
    // Only the digest of the token is kept.
    const token = created.path.slice('/share/'.length);
    const row = await storage.database.kysely.selectFrom('shares').selectAll().executeTakeFirstOrThrow();
    expect(row.token_digest).toBe(shareTokenDigest(token));
    expect(JSON.stringify(row)).not.toContain(token);

    // The chat goes on after the link was made: the link keeps what it showed then.
    await storage.store.appendMessage({
      id: 'u2',
      threadId,
      role: 'user',
      content: 'A private afterthought',
    });

    // Nobody signed in: no user header at all.
    const page = await app.request(created.path);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(page.headers.get('cache-control')).toBe('no-store');
    const policy = page.headers.get('content-security-policy') ?? '';
    expect(policy).toContain("connect-src 'none'");
    expect(policy).toContain("form-action 'none'");
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).toContain('sandbox allow-scripts allow-forms');
    expect(page.headers.get('x-frame-options')).toBe('DENY');
    expect(page.headers.get('referrer-policy')).toBe('no-referrer');
    const html = await page.text();
    expect(html).toContain('<h1>Cities of Norway</h1>');
    expect(html).toContain('A chat shared from Drawbridge · read-only copy made');
    expect(html).toContain('Chart the cities');
    expect(html).toContain('Here is **Oslo**.');
    expect(html).toContain('<iframe sandbox="allow-scripts allow-forms" title="People by city"');
    expect(html).not.toContain('<h3>People by city</h3>');
    expect(html).not.toContain('A private afterthought');
    // No composer, no script of the page's own, nothing that reaches the API.
    expect(html).not.toMatch(/<form|<textarea|\/api\//);
  });

  it('shares one widget revision alone', async () => {
    const threadId = await adasChat();
    const created = await readJsonResponse(
      await share('ada@example.com', threadId, { widgetId: 'w1' }),
      createShareResponseSchema,
    );
    expect(created.share).toMatchObject({ threadId, widgetId: 'w1', title: 'People by city' });
    const html = await (await app.request(created.path)).text();
    expect(html).toContain('A widget shared from Drawbridge');
    expect(html).toContain('<iframe sandbox="allow-scripts allow-forms" title="People by city"');
    expect(html).not.toContain('Chart the cities');
    expect(html).not.toContain('Here is **Oslo**.');
  });

  it('lists the owner’s links, of one chat with ?threadId=, and revokes one: its page is then 404', async () => {
    const threadId = await adasChat();
    const other = await adasChat();
    const first = await readJsonResponse(await share('ada@example.com', threadId), createShareResponseSchema);
    const second = await readJsonResponse(await share('ada@example.com', other), createShareResponseSchema);
    const all = await readJsonResponse(await as('ada@example.com', '/api/shares'), shareListResponseSchema);
    expect(all.shares.map((listed) => listed.id)).toEqual([second.share.id, first.share.id]);
    const ofOne = await readJsonResponse(
      await as('ada@example.com', `/api/shares?threadId=${threadId}`),
      shareListResponseSchema,
    );
    expect(ofOne.shares).toEqual([first.share]);

    const revoked = await as('ada@example.com', `/api/shares/${first.share.id}`, { method: 'DELETE' });
    expect(revoked.status).toBe(204);
    await expectErrorResponse({
      response: await app.request(first.path),
      status: 404,
      codes,
      code: 'share_not_found',
    });
    expect((await app.request(second.path)).status).toBe(200);
    await expectErrorResponse({
      response: await as('ada@example.com', `/api/shares/${first.share.id}`, { method: 'DELETE' }),
      status: 404,
      codes,
      code: 'share_not_found',
    });
  });

  it('goes with its chat', async () => {
    const threadId = await adasChat();
    const created = await readJsonResponse(
      await share('ada@example.com', threadId),
      createShareResponseSchema,
    );
    expect((await as('ada@example.com', `/api/threads/${threadId}`, { method: 'DELETE' })).status).toBe(204);
    expect((await app.request(created.path)).status).toBe(404);
  });
});

describe('refusals', () => {
  it('answers another user’s chat, link or list as if they did not exist', async () => {
    const threadId = await adasChat();
    const created = await readJsonResponse(
      await share('ada@example.com', threadId),
      createShareResponseSchema,
    );
    await expectErrorResponse({
      response: await share('grace@example.com', threadId),
      status: 404,
      codes,
      code: 'thread_not_found',
    });
    await expectErrorResponse({
      response: await share('grace@example.com', threadId, { widgetId: 'w1' }),
      status: 404,
      codes,
      code: 'thread_not_found',
    });
    await expectErrorResponse({
      response: await as('grace@example.com', `/api/shares/${created.share.id}`, { method: 'DELETE' }),
      status: 404,
      codes,
      code: 'share_not_found',
    });
    const graces = await readJsonResponse(
      await as('grace@example.com', '/api/shares'),
      shareListResponseSchema,
    );
    expect(graces.shares).toEqual([]);
    const graceOfAdasChat = await readJsonResponse(
      await as('grace@example.com', `/api/shares?threadId=${threadId}`),
      shareListResponseSchema,
    );
    expect(graceOfAdasChat.shares).toEqual([]);
    // Ada's link still works: Grace's refused revoke changed nothing.
    expect((await app.request(created.path)).status).toBe(200);
  });

  it('answers an unknown or malformed link 404: the API’s error body, or a page for a browser', async () => {
    const unknown = `/share/${'A'.repeat(43)}`;
    await expectErrorResponse({
      response: await app.request(unknown),
      status: 404,
      codes,
      code: 'share_not_found',
    });
    await expectErrorResponse({
      response: await app.request('/share/not-a-token'),
      status: 404,
      codes,
      code: 'share_not_found',
    });
    const page = await app.request(unknown, {
      headers: { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' },
    });
    expect(page.status).toBe(404);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(await page.text()).toContain('This link does not exist');
  });

  it('refuses a bad body, a widget that is not there, bad ids, and anyone not signed in', async () => {
    const threadId = await adasChat();
    await expectErrorResponse({
      response: await share('ada@example.com', threadId, { widgetId: 'nope' }),
      status: 404,
      codes,
      code: 'widget_not_found',
    });
    await expectErrorResponse({
      response: await share('ada@example.com', threadId, { widgetId: 'w1', extra: true }),
      status: 400,
      codes,
      code: 'invalid_body',
    });
    await expectErrorResponse({
      response: await as('ada@example.com', `/api/threads/${threadId}/shares`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{',
      }),
      status: 400,
      codes,
      code: 'invalid_json',
    });
    await expectErrorResponse({
      response: await share('ada@example.com', 'bad%20id'),
      status: 400,
      codes,
      code: 'invalid_thread_id',
    });
    await expectErrorResponse({
      response: await share('ada@example.com', 'missing'),
      status: 404,
      codes,
      code: 'thread_not_found',
    });
    await expectErrorResponse({
      response: await as('ada@example.com', '/api/shares?threadId=bad%20id'),
      status: 400,
      codes,
      code: 'invalid_query',
    });
    await expectErrorResponse({
      response: await as('ada@example.com', '/api/shares/bad%20id', { method: 'DELETE' }),
      status: 400,
      codes,
      code: 'invalid_share_id',
    });
    await expectErrorResponse({
      response: await app.request(`/api/threads/${threadId}/shares`, { method: 'POST' }),
      status: 401,
      codes,
      code: 'sign_in_required',
    });
    await expectErrorResponse({
      response: await app.request('/api/shares'),
      status: 401,
      codes,
      code: 'sign_in_required',
    });
  });

  it(`refuses a link past ${maximumSharesPerUser} held at once`, async () => {
    const threadId = await adasChat();
    for (let count = 0; count < maximumSharesPerUser; count++) {
      expect((await share('ada@example.com', threadId)).status).toBe(201);
    }
    await expectErrorResponse({
      response: await share('ada@example.com', threadId),
      status: 409,
      codes,
      code: 'too_many_shares',
    });
  });
});
