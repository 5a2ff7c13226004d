import { buildRunAgentInput, mcpViewCarrierKey } from '@drawbridge/protocol';
import type { Hono } from 'hono';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { InMemoryClientToolBridge } from '../bridge/in-memory-client-tool-bridge.ts';
import { createApp } from '../http/create-app.ts';
import {
  openProxySignedInApp,
  proxySignInSettings,
} from '../http/routes/testing/open-proxy-signed-in-app.ts';
import { McpServers } from '../mcp/mcp-servers.ts';
import { barChartScript, scriptedTestModel } from '../models/testing/test-models.ts';
import type { Storage } from '../store/index.ts';
import { type ApiTokenStore, createApiTokenStore } from './api-token-store.ts';
import type { AuthSettings } from './auth-settings.ts';

/**
 * Walks the app's whole route table as user B against user A's data. Every route must be listed below with
 * the request B sends; a route added without an entry fails this test, so nobody ships a route whose
 * ownership nobody checked.
 */

// Everything A owns carries one of these, so a leak shows in any response body.
const thread = 'thread-of-alice';
const widget = 'widget-of-alice';
const marker = 'ALICE-SECRET';
const call = 'call-of-alice';

interface Probe {
  method: string;
  path: string;
  body?: unknown;
  /** What B must get: 404 for A's resource, or a 2xx list with nothing of A's in it. */
  expectStatus: number;
}

/** `METHOD path` of every route in the table → how B probes it. */
const probes: Record<string, Probe | 'serves no user data'> = {
  'GET /api/session': { method: 'GET', path: '/api/session', expectStatus: 200 },
  'GET /api/tokens': { method: 'GET', path: '/api/tokens', expectStatus: 200 },
  'POST /api/tokens': { method: 'POST', path: '/api/tokens', body: { name: 'b' }, expectStatus: 201 },
  'DELETE /api/tokens/:tokenId': { method: 'DELETE', path: '/api/tokens/TOKEN', expectStatus: 404 },
  'GET /api/health': { method: 'GET', path: '/api/health', expectStatus: 200 },
  'POST /api/agent': {
    method: 'POST',
    path: '/api/agent',
    body: buildRunAgentInput({ threadId: thread, runId: 'run-b', userMessageId: 'b1', text: 'hello' }),
    expectStatus: 404,
  },
  'GET /api/runs/:runId': { method: 'GET', path: '/api/runs/run-of-alice', expectStatus: 404 },
  'GET /api/runs/:runId/events': {
    method: 'GET',
    path: '/api/runs/run-of-alice/events',
    expectStatus: 404,
  },
  'POST /api/runs/:runId/cancel': {
    method: 'POST',
    path: '/api/runs/running-run-of-alice/cancel',
    expectStatus: 404,
  },
  // Server-wide, like /api/health: which MCP servers are connected and their resources, nobody's data.
  'GET /api/mcp/servers': { method: 'GET', path: '/api/mcp/servers', expectStatus: 200 },
  'POST /api/mcp/resources/read': {
    method: 'POST',
    path: '/api/mcp/resources/read',
    body: { server: 'none', uri: 'ui://none/view' },
    expectStatus: 404,
  },
  'POST /api/mcp/tool-calls': {
    method: 'POST',
    path: '/api/mcp/tool-calls',
    body: { threadId: thread, server: 'none', name: 'tool', arguments: {}, viewToolCallId: call },
    expectStatus: 404,
  },
  'GET /api/mcp/threads/:threadId/tool-results/:toolCallId': {
    method: 'GET',
    path: `/api/mcp/threads/${thread}/tool-results/${call}`,
    expectStatus: 404,
  },
  'POST /api/mcp/threads/:threadId/model-context': {
    method: 'POST',
    path: `/api/mcp/threads/${thread}/model-context`,
    body: { toolCallId: call, content: [{ type: 'text', text: 'taken over' }] },
    expectStatus: 404,
  },
  'POST /api/attachments': {
    method: 'POST',
    path: '/api/attachments?name=notes.json',
    body: { note: 'of bob' },
    expectStatus: 201,
  },
  'GET /api/attachments/:attachmentId': {
    method: 'GET',
    path: '/api/attachments/ATTACHMENT',
    expectStatus: 404,
  },
  'POST /api/threads': { method: 'POST', path: '/api/threads', body: {}, expectStatus: 201 },
  'GET /api/threads/:threadId/export': {
    method: 'GET',
    path: `/api/threads/${thread}/export?format=json`,
    expectStatus: 404,
  },
  'POST /api/threads/import': {
    method: 'POST',
    path: '/api/threads/import',
    body: {
      format: 'drawbridge.thread',
      version: 1,
      exportedAt: '2026-12-05T00:00:00.000Z',
      thread: { title: 'Imported by bob' },
      messages: [{ id: 'm', role: 'user', content: 'mine', createdAt: '2026-12-05T00:00:00.000Z' }],
      files: [],
    },
    expectStatus: 201,
  },
  'GET /api/threads': { method: 'GET', path: '/api/threads', expectStatus: 200 },
  'GET /api/threads/search': { method: 'GET', path: '/api/threads/search?q=said', expectStatus: 200 },
  'PATCH /api/threads/:threadId': {
    method: 'PATCH',
    path: `/api/threads/${thread}`,
    body: { title: 'taken over' },
    expectStatus: 404,
  },
  'POST /api/threads/:threadId/rewind': {
    method: 'POST',
    path: `/api/threads/${thread}/rewind`,
    body: { turn: 0, content: 'rewritten' },
    expectStatus: 404,
  },
  'POST /api/threads/:threadId/branch': {
    method: 'POST',
    path: `/api/threads/${thread}/branch`,
    body: { turn: 0, side: 'user', index: 0 },
    expectStatus: 404,
  },
  'GET /api/threads/:threadId/messages': {
    method: 'GET',
    path: `/api/threads/${thread}/messages`,
    expectStatus: 404,
  },
  'DELETE /api/threads/:threadId': { method: 'DELETE', path: `/api/threads/${thread}`, expectStatus: 404 },
  'GET /api/threads/:threadId/widgets/:file': {
    method: 'GET',
    path: `/api/threads/${thread}/widgets/${widget}.html`,
    expectStatus: 404,
  },
  'PUT /api/threads/:threadId/widgets/:lineageId/state': {
    method: 'PUT',
    path: `/api/threads/${thread}/widgets/${widget}/state`,
    body: { state: { count: 99 } },
    expectStatus: 404,
  },
  'POST /api/threads/:threadId/tool-results': {
    method: 'POST',
    path: `/api/threads/${thread}/tool-results`,
    body: { toolCallId: call, result: { status: 'rendered', message: 'Displayed.' } },
    expectStatus: 404,
  },
  'POST /api/threads/:threadId/shares': {
    method: 'POST',
    path: `/api/threads/${thread}/shares`,
    body: {},
    expectStatus: 404,
  },
  'GET /api/shares': { method: 'GET', path: '/api/shares', expectStatus: 200 },
  'DELETE /api/shares/:shareId': { method: 'DELETE', path: '/api/shares/SHARE', expectStatus: 404 },
  // A link is read by whoever holds its token, signed in or not (that is what a link is for); without it,
  // nothing: a token nobody made is the same 404 as a revoked one.
  'GET /share/:token': { method: 'GET', path: `/share/${'B'.repeat(43)}`, expectStatus: 404 },
  'GET /api/dashboard/metrics': { method: 'GET', path: '/api/dashboard/metrics', expectStatus: 200 },
  'GET /api/dashboard/series': {
    method: 'GET',
    path: '/api/dashboard/series?metric=tool_calls&preset=24h',
    expectStatus: 200,
  },
  'GET /api/dashboard/runs': { method: 'GET', path: '/api/dashboard/runs?preset=24h', expectStatus: 200 },
  'GET /api/dashboard/audit': { method: 'GET', path: '/api/dashboard/audit?preset=24h', expectStatus: 200 },
  'POST /api/telemetry/widget-events': {
    method: 'POST',
    path: '/api/telemetry/widget-events',
    body: { threadId: thread, widgetId: widget, kind: 'rendered', detail: '' },
    expectStatus: 404,
  },
  'GET /frame/image': 'serves no user data',
  'GET /frame': 'serves no user data',
  'GET /frame/:script': 'serves no user data',
  'GET /vendor/three/*': 'serves no user data',
  'GET /*': 'serves no user data',
};

let storage: Storage;
let app: Hono;
let aliceTokenId: string;
let aliceAttachmentId: string;
let aliceShareId: string;
let aliceSharePath: string;

/** A probe's path with the ids made in `beforeEach` put in. */
function probePath(path: string): string {
  return path
    .replace('TOKEN', aliceTokenId)
    .replace('ATTACHMENT', aliceAttachmentId)
    .replace('SHARE', aliceShareId);
}

function as(email: string, probe: { method: string; path: string; body?: unknown }) {
  return app.request(probe.path, {
    method: probe.method,
    headers: {
      'x-forwarded-email': email,
      ...(probe.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(probe.body === undefined ? {} : { body: JSON.stringify(probe.body) }),
  });
}

/** The routes of the table, middleware (`ALL`) left out, in `METHOD path` form. */
function routeTable(): string[] {
  return [
    ...new Set(app.routes.filter((route) => route.method !== 'ALL').map((r) => `${r.method} ${r.path}`)),
  ];
}

beforeEach(async () => {
  let tokens: ApiTokenStore;
  ({ storage, app, tokens } = await openProxySignedInApp({
    apiTokens: true,
    telemetry: true,
    bridge: new InMemoryClientToolBridge(),
    model: scriptedTestModel({ script: barChartScript() }),
    systemPrompt: 'test',
    mcp: { servers: McpServers.none(), sandbox: { port: 9123 } },
  }));
  const { store, telemetry } = storage;
  await store.createThread({ id: thread, title: `${marker} title`, userId: 'proxy:alice@example.com' });
  await store.appendMessage({
    id: 'alice-message',
    threadId: thread,
    role: 'user',
    content: `${marker} said`,
  });
  await store.appendMessage({
    id: 'alice-widget-message',
    threadId: thread,
    role: 'assistant',
    content: '',
    widget: { id: widget, height: 100, css: '', html: `<p>${marker}</p>`, js: '', complete: true },
  });
  await store.appendMessage({
    id: 'alice-view-message',
    threadId: thread,
    role: 'assistant',
    content: '',
    toolCallId: call,
    render: {
      tool: 'mcp__notes__show-note',
      args: { [mcpViewCarrierKey]: { input: {}, result: { marker } } },
    },
  });
  await store.startRun({ id: 'run-of-alice', threadId: thread, model: `${marker}-model` });
  await store.finishRun('run-of-alice', { status: 'finished', inputTokens: 1, outputTokens: 1 });
  // A second thread of A's with a run still going: B's cancel must not reach it.
  await store.createThread({
    id: 'other-thread-of-alice',
    title: 'other',
    userId: 'proxy:alice@example.com',
  });
  await store.startRun({ id: 'running-run-of-alice', threadId: 'other-thread-of-alice', model: 'm' });
  await telemetry.append({
    id: 'audit-of-alice',
    at: new Date().toISOString(),
    actor: 'widgets',
    threadId: thread,
    runId: 'run-of-alice',
    toolCallId: call,
    tool: `${marker}_tool`,
    argumentsDigest: 'digest',
    outcome: 'ok',
    reason: null,
    durationMs: 1,
  });
  await telemetry.recordWidgetEvent({ threadId: thread, widgetId: widget, kind: 'error', detail: marker });
  const created = await tokens.create({
    user: {
      id: 'proxy:alice@example.com',
      name: 'alice',
      email: 'alice@example.com',
      isAdmin: false,
      via: 'proxy',
    },
    name: `${marker} token`,
  });
  aliceTokenId = created!.token.id;
  const attachment = await store.saveAttachment({
    userId: 'proxy:alice@example.com',
    name: `${marker}.txt`,
    mediaType: 'text/plain',
    data: new TextEncoder().encode(marker),
  });
  aliceAttachmentId = attachment.id;
  const shared = await as('alice@example.com', { method: 'POST', path: `/api/threads/${thread}/shares` });
  const { share, path } = (await shared.json()) as { share: { id: string }; path: string };
  aliceShareId = share.id;
  aliceSharePath = path;
});

afterEach(async () => {
  await storage.close();
});

describe('every route, as another user', () => {
  it('lists a probe for each route in the table', () => {
    const unprobed = routeTable().filter((route) => !(route in probes));
    expect(unprobed, 'routes without an ownership probe: add one to this test').toEqual([]);
    const table = routeTable();
    expect(Object.keys(probes).filter((route) => !table.includes(route))).toEqual([]);
  });

  it.each(Object.entries(probes))('%s shows nothing of another user', async (route, probe) => {
    if (probe === 'serves no user data') return;
    const path = probePath(probe.path);
    const response = await as('bob@example.com', { ...probe, path });
    expect(response.status, `${route} answered B with`).toBe(probe.expectStatus);
    const text = await response.text();
    // An id B sent may come back in a 404's message; anything else of A's must not.
    const sent = JSON.stringify({ path, body: probe.body });
    const secrets = [
      marker,
      thread,
      widget,
      'run-of-alice',
      'audit-of-alice',
      aliceTokenId,
      aliceAttachmentId,
      aliceShareId,
      aliceSharePath.slice('/share/'.length),
      call,
    ];
    for (const secret of secrets.filter((candidate) => !sent.includes(candidate))) {
      expect(text, `${route} leaked ${secret}`).not.toContain(secret);
    }
  });

  it('leaves the owner every record after the walk, and shows them to the owner', async () => {
    for (const probe of Object.values(probes)) {
      if (probe !== 'serves no user data')
        await as('bob@example.com', { ...probe, path: probePath(probe.path) });
    }
    const alice = (path: string) => as('alice@example.com', { method: 'GET', path });
    expect(await (await alice('/api/threads')).text()).toContain(thread);
    expect(await (await alice(`/api/threads/${thread}/messages`)).text()).toContain(marker);
    expect(await (await alice('/api/threads/search?q=said')).text()).toContain(thread);
    expect((await alice(`/api/threads/${thread}/widgets/${widget}.html`)).status).toBe(200);
    expect(await (await alice('/api/dashboard/runs?preset=24h')).text()).toContain('run-of-alice');
    expect(await (await alice('/api/dashboard/audit?preset=24h')).text()).toContain('audit-of-alice');
    expect(await (await alice('/api/tokens')).text()).toContain(aliceTokenId);
    expect(await (await alice(`/api/attachments/${aliceAttachmentId}`)).text()).toBe(marker);
    expect(await (await alice(`/api/threads/${thread}/export?format=markdown`)).text()).toContain(marker);
    expect(await (await alice('/api/runs/run-of-alice')).text()).toContain('run-of-alice');
    expect(await (await alice('/api/shares')).text()).toContain(aliceShareId);
    expect(await (await app.request(aliceSharePath)).text()).toContain(marker);
    expect(await (await alice(`/api/mcp/threads/${thread}/tool-results/${call}`)).text()).toContain(marker);
    const viewCarrier = (await storage.store.listMessages(thread)).find(
      (message) => message.toolCallId === call,
    );
    expect(JSON.stringify(viewCarrier?.render)).not.toContain('taken over');
    expect((await storage.store.getRun('running-run-of-alice'))?.status).toBe('running');
    expect((await storage.store.listMessages(thread)).map((message) => message.id)).toEqual([
      'alice-message',
      'alice-widget-message',
      'alice-view-message',
    ]);
  });

  it('shows every user’s dashboard records to an admin, and only there', async () => {
    const admin: AuthSettings = { ...proxySignInSettings, adminEmails: ['root@example.com'] };
    app = createApp({
      store: storage.store,
      telemetry: storage.telemetry,
      model: scriptedTestModel({ script: barChartScript() }),
      systemPrompt: 'test',
      signIn: { settings: admin, tokens: createApiTokenStore({ kysely: storage.database.kysely }) },
      peerAddress: () => '127.0.0.1',
    });
    const root = (path: string) => as('root@example.com', { method: 'GET', path });
    expect(await (await root('/api/dashboard/runs?preset=24h')).text()).toContain('run-of-alice');
    expect(await (await root('/api/dashboard/audit?preset=24h')).text()).toContain('audit-of-alice');
    expect(await (await root('/api/threads')).text()).not.toContain(thread);
    expect((await root(`/api/threads/${thread}/messages`)).status).toBe(404);
  });

  it('refuses a request nobody signed in for, and a user header from an untrusted peer', async () => {
    expect((await app.request('/api/threads')).status).toBe(401);
    const untrusted = createApp({
      store: storage.store,
      model: scriptedTestModel({ script: barChartScript() }),
      systemPrompt: 'test',
      signIn: { settings: proxySignInSettings },
      peerAddress: () => '10.0.0.9',
    });
    const response = await untrusted.request('/api/threads', {
      headers: { 'x-forwarded-email': 'alice@example.com' },
    });
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ error: { code: 'sign_in_required' } });
  });
});
