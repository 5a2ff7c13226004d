import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { HttpAgent } from '@ag-ui/client';
import { frameContentSecurityPolicy } from '@drawbridge/frame';
import {
  type ApiErrorCode,
  agentRouteErrorCodes,
  appErrorCodes,
  buildRunAgentInput,
  decodeEventStream,
  EventType,
  frameRouteErrorCodes,
  healthResponseSchema,
  type RunEvent,
  threadListResponseSchema,
  threadRouteErrorCodes,
} from '@drawbridge/protocol';
import type { Hono } from 'hono';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { barChartScript, scriptedTestModel } from '../models/testing/test-models.ts';
import { openSqliteStore } from '../store/index.ts';
import type { Store } from '../store/store.ts';
import { openSqliteTelemetry } from '../telemetry/open-sqlite-telemetry.ts';
import { temporaryDirectory } from '../testing/temporary-directory.ts';
import { createApp } from './create-app.ts';
import { expectErrorResponse } from './routes/testing/expect-error-response.ts';
import { readJsonResponse } from './routes/testing/read-json-response.ts';

let store: Store;
let directory: Awaited<ReturnType<typeof temporaryDirectory>>;
let webDistDirectory: string;
let frameDistDirectory: string;
let loggedErrors: unknown[];

function buildApp(overrides: Partial<Parameters<typeof createApp>[0]> = {}): Hono {
  return createApp({
    store,
    model: scriptedTestModel({ script: barChartScript() }),
    systemPrompt: 'test',
    paths: { webDistDirectory, frameDistDirectory },
    logError: (_message, error) => loggedErrors.push(error),
    ...overrides,
  });
}

const jsonHeaders = { 'Content-Type': 'application/json' };

function runInput(threadId: string, text = 'show me sign-ups') {
  return buildRunAgentInput({ threadId, runId: 'run-1', userMessageId: 'u1', text });
}

/** The codes the whole app may answer with: its own, and those of each route these tests reach. */
const appCodes = [
  ...appErrorCodes,
  ...agentRouteErrorCodes,
  ...threadRouteErrorCodes,
  ...frameRouteErrorCodes,
] as const satisfies readonly ApiErrorCode[];

function expectJsonError(
  response: Response,
  status: number,
  code: (typeof appCodes)[number],
): Promise<string> {
  return expectErrorResponse({ response, status, codes: appCodes, code });
}

beforeEach(async () => {
  store = await openSqliteStore({ path: ':memory:' });
  directory = await temporaryDirectory();
  webDistDirectory = join(directory.path, 'web');
  frameDistDirectory = join(directory.path, 'frame');
  loggedErrors = [];
});

afterEach(async () => {
  await store.close();
  await directory.remove();
});

describe('createApp: API basics', () => {
  it('reports health with the model', async () => {
    const response = await buildApp().request('/api/health');
    expect(await readJsonResponse(response, healthResponseSchema)).toEqual({
      ok: true,
      model: { id: 'replay:test', demo: false, hint: 'A scripted test model.' },
      models: [{ id: 'replay:test', demo: false }],
      autoRepair: false,
      trustedLinkHosts: [],
    });
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('tells the web app when widgets repair themselves once (DRAWBRIDGE_AUTO_REPAIR)', async () => {
    const response = await buildApp({ autoRepair: true }).request('/api/health');
    expect((await readJsonResponse(response, healthResponseSchema)).autoRepair).toBe(true);
  });

  it('tells the web app which hosts its widgets link to without asking (DRAWBRIDGE_TRUSTED_LINK_HOSTS)', async () => {
    const response = await buildApp({ trustedLinkHosts: ['docs.example.com'] }).request('/api/health');
    expect((await readJsonResponse(response, healthResponseSchema)).trustedLinkHosts).toEqual([
      'docs.example.com',
    ]);
  });

  it('answers unknown API paths with 404 JSON', async () => {
    await expectJsonError(await buildApp().request('/api/nothing-here'), 404, 'not_found');
    await expectJsonError(await buildApp().request('/api/agent'), 404, 'not_found');
  });

  it('mounts the thread routes', async () => {
    const app = buildApp();
    const created = await app.request('/api/threads', { method: 'POST', headers: jsonHeaders, body: '{}' });
    expect(created.status).toBe(201);
    const listed = await readJsonResponse(await app.request('/api/threads'), threadListResponseSchema);
    expect(listed.threads).toHaveLength(1);
  });
});

describe('POST /api/agent: refusals', () => {
  it('refuses an Accept it cannot serve with 406', async () => {
    const thread = await store.createThread({});
    const response = await buildApp().request('/api/agent', {
      method: 'POST',
      headers: { ...jsonHeaders, Accept: 'text/html' },
      body: JSON.stringify(runInput(thread.id)),
    });
    await expectJsonError(response, 406, 'not_acceptable');
  });

  it('refuses a body that is not declared as JSON with 415', async () => {
    const response = await buildApp().request('/api/agent', {
      method: 'POST',
      headers: { 'Content-Type': 'text/plain' },
      body: '{}',
    });
    await expectJsonError(response, 415, 'unsupported_media_type');
  });

  it('refuses malformed JSON with 400 invalid_json', async () => {
    const response = await buildApp().request('/api/agent', {
      method: 'POST',
      headers: jsonHeaders,
      body: '{"a":',
    });
    await expectJsonError(response, 400, 'invalid_json');
  });

  it('refuses a wrong shape with 422 naming the path', async () => {
    const response = await buildApp().request('/api/agent', {
      method: 'POST',
      headers: jsonHeaders,
      body: JSON.stringify({ threadId: 't', runId: 'r', messages: [{ role: 'robot' }] }),
    });
    const message = await expectJsonError(response, 422, 'invalid_run_input');
    expect(message).toContain('messages.0');
  });

  it('refuses tool results for a thread it has never seen with 409 nothing_to_continue, creating nothing', async () => {
    const response = await buildApp().request('/api/agent', {
      method: 'POST',
      headers: jsonHeaders,
      body: JSON.stringify({
        ...runInput('no-such-thread'),
        messages: [
          { id: 'u1', role: 'user', content: 'show me a table' },
          { id: 't1', role: 'tool', toolCallId: 'call-1', content: 'Displayed the table.' },
        ],
      }),
    });
    await expectJsonError(response, 409, 'nothing_to_continue');
    expect(await store.getThread('no-such-thread')).toBeUndefined();
  });

  it('refuses input without a user message with 400', async () => {
    const thread = await store.createThread({});
    const response = await buildApp().request('/api/agent', {
      method: 'POST',
      headers: jsonHeaders,
      body: JSON.stringify({ ...runInput(thread.id), messages: [] }),
    });
    await expectJsonError(response, 400, 'missing_user_message');
  });

  it('refuses a body over the limit with 413 JSON', async () => {
    const thread = await store.createThread({});
    const response = await buildApp({ maxBodyBytes: 1000 }).request('/api/agent', {
      method: 'POST',
      headers: jsonHeaders,
      body: JSON.stringify(runInput(thread.id, 'x'.repeat(5000))),
    });
    await expectJsonError(response, 413, 'body_too_large');
    expect(await store.listMessages(thread.id)).toEqual([]);
  });

  it('refuses a body whose declared length is over the limit with 413 JSON, before reading it', async () => {
    const thread = await store.createThread({});
    const body = JSON.stringify(runInput(thread.id, 'x'.repeat(5000)));
    const response = await buildApp({ maxBodyBytes: 1000 }).request('/api/agent', {
      method: 'POST',
      headers: { ...jsonHeaders, 'Content-Length': String(Buffer.byteLength(body)) },
      body,
    });
    await expectJsonError(response, 413, 'body_too_large');
    expect(await store.listMessages(thread.id)).toEqual([]);
  });
});

describe('POST /api/agent: a run', () => {
  it('creates a thread it has never seen on first use, as an AG-UI client expects', async () => {
    const response = await buildApp().request('/api/agent', {
      method: 'POST',
      headers: jsonHeaders,
      body: JSON.stringify(runInput('no-such-thread')),
    });
    expect(response.status).toBe(200);
    const events: RunEvent[] = [];
    for await (const event of decodeEventStream(response.body!)) events.push(event);
    expect(events[0]).toMatchObject({ type: EventType.RUN_STARTED, threadId: 'no-such-thread' });
    expect(events.at(-1)?.type).toBe(EventType.RUN_FINISHED);
    expect(await store.getThread('no-such-thread')).toMatchObject({ title: 'show me sign-ups' });
    const messages = await store.listMessages('no-such-thread');
    // The reply is stored as its chart (with the prose before it) and the prose after it.
    expect(messages.map((message) => message.role)).toEqual(['user', 'assistant', 'assistant']);
  });

  it('does not store a retried message twice when its first attempt got no answer', async () => {
    const thread = await store.createThread({});
    await store.appendMessage({
      id: 'first-try',
      threadId: thread.id,
      role: 'user',
      content: 'show me sign-ups',
    });
    const response = await buildApp().request('/api/agent', {
      method: 'POST',
      headers: jsonHeaders,
      body: JSON.stringify(runInput(thread.id)),
    });
    for await (const _event of decodeEventStream(response.body!));
    const messages = await store.listMessages(thread.id);
    expect(messages.map((message) => [message.id, message.role])).toEqual([
      ['first-try', 'user'],
      [expect.any(String), 'assistant'],
      [expect.any(String), 'assistant'],
    ]);
  });

  it('streams NDJSON with anti-buffering headers and persists both messages', async () => {
    const thread = await store.createThread({});
    const response = await buildApp().request('/api/agent', {
      method: 'POST',
      headers: jsonHeaders,
      body: JSON.stringify(runInput(thread.id)),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/x-ndjson; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('no-cache, no-transform');
    expect(response.headers.get('x-accel-buffering')).toBe('no');
    expect(response.headers.get('content-encoding')).toBeNull();

    const events: RunEvent[] = [];
    for await (const event of decodeEventStream(response.body!)) events.push(event);
    expect(events[0]).toMatchObject({ type: EventType.RUN_STARTED, threadId: thread.id, runId: 'run-1' });
    expect(events[1]).toMatchObject({
      type: EventType.CUSTOM,
      name: 'drawbridge.run',
      value: { model: 'replay:test' },
    });
    expect(events.at(-1)?.type).toBe(EventType.RUN_FINISHED);

    const messages = await store.listMessages(thread.id);
    expect(messages.map((message) => message.role)).toEqual(['user', 'assistant', 'assistant']);
    expect(messages[0]?.content).toBe('show me sign-ups');
    expect(messages[1]?.widget).toMatchObject({ height: 360, complete: true });
    // The prose after the chart is stored after it, so a reload keeps it below.
    expect(messages[2]?.widget).toBeUndefined();
    expect(messages[2]?.content).not.toBe('');
    expect((await store.getThread(thread.id))?.title).toBe('show me sign-ups');
    const [run] = await store.listRuns();
    expect(run).toMatchObject({ status: 'finished', model: 'replay:test', threadId: thread.id });
    expect(run?.outputTokens).toBeGreaterThan(0);
  });

  it('streams SSE when asked, which a stock AG-UI client reads', async () => {
    const thread = await store.createThread({});
    const app = buildApp();
    const contentTypes: (string | null)[] = [];
    const agent = new HttpAgent({
      url: 'http://127.0.0.1/api/agent',
      threadId: thread.id,
      fetch: async (_url: string | URL | Request, init?: RequestInit) => {
        const response = await app.request('/api/agent', init);
        contentTypes.push(response.headers.get('content-type'));
        return response;
      },
    });
    agent.addMessage({ id: 'u1', role: 'user', content: 'show me sign-ups' });
    const finished: string[] = [];
    await agent.runAgent(
      { runId: 'run-1' },
      { onRunFinishedEvent: ({ event }) => void finished.push(event.runId) },
    );
    expect(contentTypes).toEqual(['text/event-stream; charset=utf-8']);
    expect(finished).toEqual(['run-1']);
    expect(agent.messages.find((message) => message.role === 'assistant')?.content).toBeTruthy();
  });
});

describe('createApp: frame and vendor files', () => {
  async function buildFrameDist(): Promise<void> {
    await mkdir(frameDistDirectory, { recursive: true });
    await writeFile(join(frameDistDirectory, 'frame.html'), '<!doctype html><title>frame</title>');
    await writeFile(join(frameDistDirectory, 'runtime.js'), 'export {};');
    await writeFile(join(frameDistDirectory, 'three-bundle.js'), 'export const REVISION = "test";');
    await writeFile(join(frameDistDirectory, 'kit.js'), 'export const chart = () => {};');
  }

  it('says the frame is not built when dist is missing', async () => {
    await expectJsonError(await buildApp().request('/frame'), 404, 'frame_not_built');
    await expectJsonError(await buildApp().request('/frame/runtime.js'), 404, 'frame_not_built');
  });

  it('serves /frame with the frame CSP and the runtime cross-origin', async () => {
    await buildFrameDist();
    const app = buildApp();
    const frame = await app.request('/frame');
    expect(frame.status).toBe(200);
    expect(frame.headers.get('content-security-policy')).toBe(frameContentSecurityPolicy());
    // Whoever embeds it, and however: an opaque origin, and only our own page as the embedder.
    expect(frame.headers.get('content-security-policy')).toContain('sandbox allow-scripts allow-forms');
    expect(frame.headers.get('content-security-policy')).toContain("frame-ancestors 'self'");
    expect(frame.headers.get('x-frame-options')).toBeNull();
    expect(frame.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    expect(frame.headers.get('set-cookie')).toBeNull();
    const runtime = await app.request('/frame/runtime.js');
    expect(runtime.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(runtime.headers.get('access-control-allow-origin')).toBe('*');
    // The kit's module, which the frame's import map names `kit`, is read the same way as the runtime.
    const kit = await app.request('/frame/kit.js');
    expect(kit.status).toBe(200);
    expect(kit.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(kit.headers.get('access-control-allow-origin')).toBe('*');
    expect(await kit.text()).toBe('export const chart = () => {};');
    await expectJsonError(await app.request('/frame/other.js'), 404, 'not_found');
  });

  it('serves three.js build/ and examples/jsm/ only, immutable and cross-origin', async () => {
    const app = buildApp();
    const three = await app.request('/vendor/three/build/three.module.js');
    expect(three.status).toBe(200);
    expect(three.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(three.headers.get('access-control-allow-origin')).toBe('*');
    expect(three.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const controls = await app.request('/vendor/three/examples/jsm/controls/OrbitControls.js');
    expect(controls.status).toBe(200);
    for (const refused of [
      '/vendor/three/package.json',
      '/vendor/three/src/Three.js',
      '/vendor/three/build/%2e%2e/package.json',
      '/vendor/three/build/..%2Fpackage.json',
      '/vendor/three/examples/jsm/%2e%2e%2f%2e%2e%2fpackage.json',
      '/vendor/three/build/missing.js',
    ]) {
      await expectJsonError(await app.request(refused), 404, 'not_found');
    }
  });

  it('exports a stored widget as standalone HTML once the frame is built', async () => {
    const thread = await store.createThread({});
    const widget = { id: 'w1', height: 200, css: 'p{color:red}', html: '<p>hi</p>', js: '', complete: true };
    await store.appendMessage({ id: 'm1', threadId: thread.id, role: 'assistant', content: 'here', widget });
    const path = `/api/threads/${thread.id}/widgets/w1.html`;
    await expectJsonError(await buildApp().request(path), 404, 'frame_not_built');
    await buildFrameDist();
    const exported = await buildApp().request(path);
    expect(exported.status).toBe(200);
    // The widget's document sits, attribute-escaped, in the sandboxed frame of the file's shell.
    const file = await exported.text();
    expect(file).toContain('<iframe sandbox="allow-scripts allow-forms"');
    expect(file).toContain(String.raw`\u003cp&#62;hi\u003c/p&#62;`);
  });
});

describe('createApp: the web app', () => {
  it('serves a placeholder page with the strict CSP when the app is not built', async () => {
    const response = await buildApp().request('/');
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('npm run build');
    expect(response.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
  });

  it('serves the placeholder page for app paths, and 404 for files, when the app is not installed', async () => {
    const app = buildApp({ paths: { webDistDirectory: undefined, frameDistDirectory } });
    for (const path of ['/', '/threads/abc']) {
      const page = await app.request(path);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('npm run build');
      expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
    }
    await expectJsonError(await app.request('/assets/app-123.js'), 404, 'not_found');
    await expectJsonError(await app.request('/api/missing'), 404, 'not_found');
  });

  it('serves built files and falls back to index.html for app paths', async () => {
    await mkdir(join(webDistDirectory, 'assets'), { recursive: true });
    await writeFile(join(webDistDirectory, 'index.html'), '<!doctype html><div id="root"></div>');
    await writeFile(join(webDistDirectory, 'assets', 'app-123.js'), 'console.log(1)');
    const app = buildApp();
    for (const path of ['/', '/threads/abc', '/index.html']) {
      const page = await app.request(path);
      expect(await page.text()).toContain('id="root"');
      expect(page.headers.get('content-security-policy')).toContain("default-src 'self'");
    }
    const asset = await app.request('/assets/app-123.js');
    expect(asset.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    await expectJsonError(await app.request('/assets/missing-456.js'), 404, 'not_found');
    await expectJsonError(await app.request('/api/missing'), 404, 'not_found');
  });
});

describe('createApp: cross-site requests and framing', () => {
  it('refuses a rebinding Host on every route', async () => {
    const app = buildApp();
    for (const path of ['/api/threads', '/', '/frame']) {
      const response = await app.request(path, { headers: { Host: 'evil.example:8787' } });
      await expectJsonError(response, 403, 'host_not_allowed');
    }
  });

  it('creates no thread from a cross-site text/plain post or a null-origin widget', async () => {
    const app = buildApp();
    const plain = await app.request('/api/threads', {
      method: 'POST',
      headers: { 'Content-Type': 'text/plain' },
      body: '{}',
    });
    await expectJsonError(plain, 415, 'unsupported_media_type');
    const fromWidget = await app.request('/api/threads', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: 'null' },
      body: '{}',
    });
    await expectJsonError(fromWidget, 403, 'origin_not_allowed');
    expect(await store.listThreads()).toEqual([]);
  });

  it('refuses forged widget telemetry from another site', async () => {
    const app = buildApp({ telemetry: await openSqliteTelemetry({ path: ':memory:' }) });
    const forged = await app.request('/api/telemetry/widget-events', {
      method: 'POST',
      headers: { 'Content-Type': 'text/plain', Origin: 'http://evil.example' },
      body: JSON.stringify({ kind: 'rendered', threadId: 't', widgetId: 'w', detail: '' }),
    });
    await expectJsonError(forged, 403, 'origin_not_allowed');
  });

  it('lets neither the page nor the API be framed', async () => {
    const app = buildApp();
    const api = await app.request('/api/health');
    expect(api.headers.get('x-frame-options')).toBe('DENY');
    expect(api.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    const page = await app.request('/');
    expect(page.headers.get('x-frame-options')).toBe('DENY');
    expect(page.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
  });
});
