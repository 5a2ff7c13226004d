import { createServer, type Server } from 'node:http';
import { createAdaptorServer } from '@hono/node-server';
import express from 'express';
import { Hono } from 'hono';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  expectParkedWeatherTurn,
  listenOnLoopback,
  TestCleanups,
  weatherDrawbridge,
} from '../testing/mounted-weather-drawbridge.ts';
import type { Drawbridge } from './create-drawbridge.ts';
import { toNodeHandler } from './to-node-handler.ts';

/**
 * The mounts a team writes (docs/embedding.md), each in the real framework under `/ai` beside the host app's own
 * routes: every file the frame needs is served with the headers it has at the root, and a run streams through it.
 */

const cleanups = new TestCleanups();
const rootCleanups = new TestCleanups();
afterEach(() => cleanups.closeAll());

/** What a browser decides by: framing, policy, type sniffing, referrer, cross-origin reads and caching. */
const decidingHeaders = [
  'content-type',
  'content-security-policy',
  'x-frame-options',
  'x-content-type-options',
  'referrer-policy',
  'cross-origin-resource-policy',
  'access-control-allow-origin',
  'cache-control',
] as const;

/** The frame document, its runtime, the image frame, three.js, and the API. */
const servedPaths = [
  '/frame',
  '/frame/runtime.js',
  `/frame/image?url=${encodeURIComponent('https://example.com/a.png')}`,
  '/vendor/three/build/three.module.js',
  '/api/health',
  '/api/nothing-here',
];

async function headersOf(response: Response): Promise<Record<string, unknown>> {
  await response.arrayBuffer();
  return {
    status: response.status,
    ...Object.fromEntries(decidingHeaders.map((name) => [name, response.headers.get(name)])),
  };
}

let atRoot: Map<string, Record<string, unknown>>;
beforeAll(async () => {
  const root = await weatherDrawbridge({ basePath: '', cleanups: rootCleanups });
  atRoot = new Map();
  for (const path of servedPaths) {
    atRoot.set(path, await headersOf(await root.fetch(new Request(`http://localhost${path}`))));
  }
  await rootCleanups.closeAll();
});

async function expectRootHeadersUnder(mountedUrl: string): Promise<void> {
  for (const path of servedPaths) {
    const mounted = await headersOf(await fetch(`${mountedUrl}${path}`));
    expect({ path, ...mounted }).toEqual({ path, ...atRoot.get(path) });
  }
  // What the browser needs served, whether or not the frame is built here: three.js and the image frame.
  expect(atRoot.get('/vendor/three/build/three.module.js')).toMatchObject({ status: 200 });
  expect(atRoot.get(servedPaths[2]!)).toMatchObject({ status: 200, 'x-frame-options': null });
  expect(atRoot.get('/api/health')).toMatchObject({ status: 200, 'x-frame-options': 'DENY' });
}

async function mountedDrawbridge(): Promise<Drawbridge> {
  return weatherDrawbridge({ basePath: '/ai', cleanups });
}

describe('Drawbridge mounted under /ai', () => {
  it('in plain node:http, through toNodeHandler', async () => {
    const handle = toNodeHandler(await mountedDrawbridge());
    const origin = await listenOnLoopback({
      cleanups,
      listener: (request, response) => {
        if (request.url === '/ai' || request.url?.startsWith('/ai/')) return void handle(request, response);
        response.writeHead(200, { 'Content-Type': 'text/plain' }).end('the host app');
      },
    });
    expect(await (await fetch(`${origin}/frame`)).text()).toBe('the host app');
    await expectRootHeadersUnder(`${origin}/ai`);
    await expectParkedWeatherTurn(`${origin}/ai`);
  });

  it('in Express, with app.use and the host app’s own body parser after it', async () => {
    const app = express();
    app.use('/ai', toNodeHandler(await mountedDrawbridge()));
    app.use(express.json());
    app.post('/echo', (request, response) => void response.json(request.body));
    const origin = await listenOnLoopback({ server: createServer(app), cleanups });
    const echoed = await fetch(`${origin}/echo`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{"host":"app"}',
    });
    expect(await echoed.json()).toEqual({ host: 'app' });
    await expectRootHeadersUnder(`${origin}/ai`);
    await expectParkedWeatherTurn(`${origin}/ai`);
  });

  it('in Hono, with its fetch handler on a route', async () => {
    const drawbridge = await mountedDrawbridge();
    const app = new Hono();
    app.all('/ai/*', (context) => drawbridge.fetch(context.req.raw));
    app.get('/', (context) => context.text('the host app'));
    const origin = await listenOnLoopback({
      server: createAdaptorServer({ fetch: app.fetch }) as Server,
      cleanups,
    });
    expect(await (await fetch(`${origin}/`)).text()).toBe('the host app');
    await expectRootHeadersUnder(`${origin}/ai`);
    await expectParkedWeatherTurn(`${origin}/ai`);
  });
});
