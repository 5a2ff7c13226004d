import { buildRunAgentInput } from '@drawbridge/protocol';
import type { Hono } from 'hono';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { InMemoryClientToolBridge } from '../bridge/in-memory-client-tool-bridge.ts';
import { openProxySignedInApp } from '../http/routes/testing/open-proxy-signed-in-app.ts';
import { barChartScript, scriptedTestModel } from '../models/testing/test-models.ts';
import type { Storage } from '../store/index.ts';

/**
 * The trusted-proxy mode under the cross-site attacks accounts mode is tested with. Here the proxy adds its user
 * header to every request the victim's browser sends through it, a forged form post from another site included,
 * so no cookie's `SameSite` protects the user: the request guard must refuse every state-changing request from
 * another origin, and every body a page can send cross-site without a preflight, before a route runs.
 */

const thread = 'thread-of-alice';
const alice = 'alice@example.com';
const appOrigin = 'http://chat.example.com';

let storage: Storage;
let app: Hono;

beforeEach(async () => {
  ({ storage, app } = await openProxySignedInApp({
    apiTokens: true,
    telemetry: true,
    bridge: new InMemoryClientToolBridge(),
    model: scriptedTestModel({ script: barChartScript() }),
    systemPrompt: 'test',
    allowedHosts: ['chat.example.com'],
  }));
  await storage.store.createThread({ id: thread, title: 'Alice’s plans', userId: `proxy:${alice}` });
});

afterEach(async () => {
  await storage.close();
});

/** What a page on another site can make Alice's browser send through the proxy: the proxy adds her header. */
const forgeries: Array<{ name: string; method: string; path: string; contentType: string; body: string }> = [
  {
    name: 'a form creating a thread',
    method: 'POST',
    path: '/api/threads',
    contentType: 'application/x-www-form-urlencoded',
    body: 'title=x',
  },
  {
    name: 'a text/plain form starting a run',
    method: 'POST',
    path: '/api/agent',
    contentType: 'text/plain',
    body: JSON.stringify(
      buildRunAgentInput({ threadId: thread, runId: 'forged', userMessageId: 'f1', text: 'leak it' }),
    ),
  },
  {
    name: 'a form renaming the thread',
    method: 'PATCH',
    path: `/api/threads/${thread}`,
    contentType: 'text/plain',
    body: '{"title":"pwned"}',
  },
  {
    name: 'a form making an API token',
    method: 'POST',
    path: '/api/tokens',
    contentType: 'multipart/form-data; boundary=x',
    body: '--x--',
  },
  {
    name: 'a delete of the thread',
    method: 'DELETE',
    path: `/api/threads/${thread}`,
    contentType: 'text/plain',
    body: '',
  },
  {
    name: 'a cancel',
    method: 'POST',
    path: '/api/runs/some-run/cancel',
    contentType: 'text/plain',
    body: '',
  },
];

function forged(
  forgery: (typeof forgeries)[number],
  { origin, contentType = forgery.contentType }: { origin?: string; contentType?: string },
) {
  return app.request(`http://chat.example.com${forgery.path}`, {
    method: forgery.method,
    headers: {
      host: 'chat.example.com',
      'x-forwarded-email': alice,
      'content-type': contentType,
      ...(origin === undefined ? {} : { origin }),
    },
    ...(forgery.body === '' ? {} : { body: forgery.body }),
  });
}

describe('the trusted-proxy mode against cross-site requests', () => {
  it('refuses every state-changing request another site makes her browser send, whatever its body', async () => {
    for (const forgery of forgeries) {
      for (const origin of ['https://evil.example', 'null', 'http://chat.example.com.evil.example']) {
        const response = await forged(forgery, { origin, contentType: 'application/json' });
        expect(response.status, `${forgery.name} from ${origin}`).toBe(403);
        expect(((await response.json()) as { error: { code: string } }).error.code).toBe(
          'origin_not_allowed',
        );
      }
      // Same origin but a body a page can send without a preflight: a form's. Refused before the route reads it.
      if (forgery.body !== '') {
        const response = await forged(forgery, { origin: appOrigin });
        expect(response.status, `${forgery.name} as a form`).toBe(415);
      }
    }
    const threads = await storage.store.listThreads({ userId: `proxy:${alice}` });
    expect(threads.map((item) => [item.id, item.title])).toEqual([[thread, 'Alice’s plans']]);
    expect(await storage.store.listRuns()).toEqual([]);
  });

  it('still takes her own page’s requests through the proxy', async () => {
    const response = await app.request('http://chat.example.com/api/threads', {
      method: 'POST',
      headers: {
        host: 'chat.example.com',
        'x-forwarded-email': alice,
        origin: appOrigin,
        'content-type': 'application/json',
      },
      body: '{}',
    });
    expect(response.status).toBe(201);
  });
});
