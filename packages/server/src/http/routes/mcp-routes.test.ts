import {
  mcpModelContextMaxCharacters,
  mcpReadResourceResponseSchema,
  mcpRouteErrorCodes,
  mcpServerListResponseSchema,
  mcpToolResultResponseSchema,
  mcpViewToolCallResponseSchema,
} from '@drawbridge/protocol';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localUser } from '../../auth/signed-in-user.ts';
import { signedInAs } from '../../auth/testing/signed-in-as.ts';
import { InMemoryAuditLog } from '../../governance/audit-log.ts';
import { CallLimits } from '../../governance/call-limits.ts';
import { McpServers } from '../../mcp/mcp-servers.ts';
import { storeMcpViewCall } from '../../mcp/store-mcp-view-call.ts';
import { storedMcpViewCall } from '../../mcp/store-view-model-context.ts';
import { startFixtureHttpServer } from '../../mcp/testing/fixture-http-server.ts';
import { fixtureViewUri } from '../../mcp/testing/fixture-mcp-server.ts';
import { openSqliteStore } from '../../store/index.ts';
import type { Store } from '../../store/store.ts';
import { createMcpRoutes } from './mcp-routes.ts';
import { expectErrorResponse } from './testing/expect-error-response.ts';
import { readJsonResponse } from './testing/read-json-response.ts';

let fixture: Awaited<ReturnType<typeof startFixtureHttpServer>>;
let servers: McpServers;
let store: Store;
const auditLog = new InMemoryAuditLog();
let routes: Hono;

beforeAll(async () => {
  fixture = await startFixtureHttpServer();
  store = await openSqliteStore({ path: ':memory:' });
  servers = await McpServers.start({
    clientInfo: { name: 'drawbridge-test', version: '0' },
    servers: [{ name: 'notes', config: { url: fixture.url, headers: {} } }],
    onResult: (record) => storeMcpViewCall({ store, record }),
  });
  let next = 0;
  const mcpRoutes = createMcpRoutes({
    servers,
    sandbox: { port: 9123 },
    store,
    auditLog,
    callLimits: new CallLimits(),
    clock: () => new Date('2026-12-01T12:00:00Z'),
    ids: () => {
      next += 1;
      return `id${next}`;
    },
  });
  routes = new Hono().use(signedInAs(localUser)).route('/', mcpRoutes);
});
afterAll(async () => {
  await servers.close();
  await store.close();
  await fixture.close();
});

const post = (path: string, body: unknown) =>
  routes.request(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

describe('/api/mcp', () => {
  it('lists the servers with their tools and views, and the sandbox origin for the page', async () => {
    const response = await routes.request('/servers', { headers: { host: '127.0.0.1:8787' } });
    const body = await readJsonResponse(response, mcpServerListResponseSchema);
    expect(body.sandboxOrigin).toBe('http://localhost:9123');
    expect(body.servers).toEqual([
      {
        name: 'notes',
        state: 'connected',
        tools: [
          { name: 'mcp__notes__echo', serverToolName: 'echo', visibleToModel: true },
          {
            name: 'mcp__notes__show-note',
            serverToolName: 'show-note',
            resourceUri: fixtureViewUri,
            visibleToModel: true,
          },
          { name: 'mcp__notes__refresh-note', serverToolName: 'refresh-note', visibleToModel: false },
        ],
      },
    ]);
    const elsewhere = await routes.request('/servers', { headers: { host: 'chat.example.com' } });
    expect((await readJsonResponse(elsewhere, mcpServerListResponseSchema)).sandboxOrigin).toBeNull();
  });

  it("reads a view's resource from its server", async () => {
    const response = await post('/resources/read', { server: 'notes', uri: fixtureViewUri });
    const { result } = await readJsonResponse(response, mcpReadResourceResponseSchema);
    expect(result).toMatchObject({
      contents: [{ uri: fixtureViewUri, mimeType: 'text/html;profile=mcp-app' }],
    });
    await expectErrorResponse({
      response: await post('/resources/read', { server: 'nobody', uri: fixtureViewUri }),
      status: 404,
      codes: mcpRouteErrorCodes,
      code: 'unknown_server',
    });
  });

  it("runs a view's call of an app-only tool of its own server through governance, and audits it", async () => {
    const thread = await store.createThread({ title: 't' });
    const response = await post('/tool-calls', {
      threadId: thread.id,
      viewToolCallId: 'call_view',
      server: 'notes',
      name: 'refresh-note',
      arguments: {},
    });
    const { result } = await readJsonResponse(response, mcpViewToolCallResponseSchema);
    expect(result).toMatchObject({ structuredContent: { refreshed: true } });
    const [entry] = await auditLog.query({ threadId: thread.id });
    expect(entry).toMatchObject({ actor: 'mcp-app:notes', tool: 'mcp__notes__refresh-note', outcome: 'ok' });
    expect(entry?.toolCallId).toMatch(/^call_view:view:/);

    const refused = await post('/tool-calls', {
      threadId: thread.id,
      viewToolCallId: 'call_view',
      server: 'notes',
      name: 'echo',
      arguments: { text: 7 },
    });
    const message = await expectErrorResponse({
      response: refused,
      status: 403,
      codes: mcpRouteErrorCodes,
      code: 'call_refused',
    });
    expect(message).toMatch(/invalid_arguments/);
    expect((await auditLog.query({ threadId: thread.id }))[0]?.outcome).toBe('refused');

    for (const [body, status, code] of [
      [{ threadId: 'thr_none', viewToolCallId: 'c', server: 'notes', name: 'echo' }, 404, 'thread_not_found'],
      [
        { threadId: thread.id, viewToolCallId: 'c', server: 'notes', name: 'delete-all' },
        404,
        'unknown_tool',
      ],
      [{ threadId: thread.id, server: 'notes' }, 400, 'invalid_body'],
    ] as const) {
      await expectErrorResponse({
        response: await post('/tool-calls', body),
        status,
        codes: mcpRouteErrorCodes,
        code,
      });
    }
  });

  it("answers what a model's call with a view was given and returned, from its stored carrier", async () => {
    const thread = await store.createThread({ title: 't' });
    const showNote = servers.modelTools().find((tool) => tool.name === 'mcp__notes__show-note')!;
    await showNote.execute(
      { note: 'remember the milk' },
      {
        threadId: thread.id,
        runId: 'run_1',
        owner: { userId: 'local', isAdmin: true },
        toolCallId: 'call_show',
        abortSignal: new AbortController().signal,
        clientAttached: true,
      },
    );
    const response = await routes.request(`/threads/${thread.id}/tool-results/call_show`);
    const body = await readJsonResponse(response, mcpToolResultResponseSchema);
    expect(body).toMatchObject({
      input: { note: 'remember the milk' },
      result: { structuredContent: { note: 'remember the milk' } },
    });
    await expectErrorResponse({
      response: await routes.request(`/threads/${thread.id}/tool-results/call_other`),
      status: 404,
      codes: mcpRouteErrorCodes,
      code: 'result_not_found',
    });
  });

  describe('POST threads/:threadId/model-context', () => {
    async function threadWithView(toolCallId: string): Promise<string> {
      const thread = await store.createThread({ title: 't' });
      const showNote = servers.modelTools().find((tool) => tool.name === 'mcp__notes__show-note')!;
      await showNote.execute(
        { note: 'a note' },
        {
          threadId: thread.id,
          runId: 'run_1',
          owner: { userId: 'local', isAdmin: true },
          toolCallId,
          abortSignal: new AbortController().signal,
          clientAttached: true,
        },
      );
      return thread.id;
    }

    async function storedContext(threadId: string, toolCallId: string) {
      const carrier = (await store.listMessages(threadId)).find(
        (message) => message.toolCallId === toolCallId && message.render !== undefined,
      );
      return storedMcpViewCall(carrier?.render?.args);
    }

    it("keeps the view's latest context on its carrier, beside its input and result, and clears it when empty", async () => {
      const threadId = await threadWithView('call_context');
      const path = `/threads/${threadId}/model-context`;
      const first = await post(path, {
        toolCallId: 'call_context',
        content: [{ type: 'text', text: 'The user picked 3 rows.' }],
      });
      expect(first.status).toBe(204);
      const second = await post(path, {
        toolCallId: 'call_context',
        content: [{ type: 'text', text: 'The user picked 5 rows.' }],
        structuredContent: { rows: 5 },
      });
      expect(second.status).toBe(204);
      expect(await storedContext(threadId, 'call_context')).toMatchObject({
        input: { note: 'a note' },
        result: { structuredContent: { note: 'a note' } },
        modelContext: {
          content: [{ type: 'text', text: 'The user picked 5 rows.' }],
          structuredContent: { rows: 5 },
        },
      });
      expect((await post(path, { toolCallId: 'call_context' })).status).toBe(204);
      const cleared = await storedContext(threadId, 'call_context');
      expect(cleared).toMatchObject({ input: { note: 'a note' } });
      expect(cleared).not.toHaveProperty('modelContext');
    });

    it('refuses a malformed, oversized or misdirected update with a JSON error and stores nothing', async () => {
      const threadId = await threadWithView('call_refused');
      const path = `/threads/${threadId}/model-context`;
      const cases = [
        { body: '{', status: 400, code: 'invalid_json' },
        { body: JSON.stringify({ content: [] }), status: 400, code: 'invalid_body' },
        {
          body: JSON.stringify({ toolCallId: 'call_refused', content: [{ type: 'image', data: 'x' }] }),
          status: 400,
          code: 'invalid_body',
        },
        {
          body: JSON.stringify({ toolCallId: 'call_refused', extra: true }),
          status: 400,
          code: 'invalid_body',
        },
        {
          body: JSON.stringify({
            toolCallId: 'call_refused',
            content: [{ type: 'text', text: 'x'.repeat(mcpModelContextMaxCharacters) }],
          }),
          status: 413,
          code: 'context_too_large',
        },
        {
          body: JSON.stringify({ toolCallId: 'call_elsewhere', content: [] }),
          status: 404,
          code: 'result_not_found',
        },
      ] as const;
      for (const { body, status, code } of cases) {
        const response = await routes.request(path, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body,
        });
        await expectErrorResponse({ response, status, codes: mcpRouteErrorCodes, code });
      }
      expect(await storedContext(threadId, 'call_refused')).not.toHaveProperty('modelContext');
      await expectErrorResponse({
        response: await post('/threads/no-such-thread/model-context', { toolCallId: 'call_refused' }),
        status: 404,
        codes: mcpRouteErrorCodes,
        code: 'thread_not_found',
      });
    });
  });
});
