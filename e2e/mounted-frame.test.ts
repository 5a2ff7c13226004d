import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createDrawbridge, type Drawbridge, toNodeHandler } from '@drawbridge/server';
import express from 'express';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { launchBrowser } from './support/browser.ts';

/**
 * Drawbridge mounted under /ai in a team's Express app, in real Chromium: the team's own page (at the root of
 * its origin) embeds the sandboxed frame from `/ai/frame` as the web client does. The frame document finds its
 * runtime and three.js under the mount (relative URLs), its headers let our own page frame it, and a 3D widget
 * streams in and runs there.
 */

/** The team's page: one sandboxed frame from the mount, every message it posts kept in `window.received`. */
const teamPage = `<!doctype html>
<html><head><meta charset="utf-8"><title>team app</title></head>
<body style="margin:0">
<iframe id="widget" sandbox="allow-scripts allow-forms" src="/ai/frame" style="border:0;width:600px;height:300px"></iframe>
<script>
  const frame = document.getElementById('widget');
  window.received = [];
  window.sendToFrame = (message) => frame.contentWindow.postMessage(message, '*');
  window.addEventListener('message', (event) => {
    if (event.source === frame.contentWindow) window.received.push(event.data);
  });
</script>
</body></html>`;

const spinningCube = `import * as THREE from 'three';
import { OrbitControls } from 'three/addons/controls/OrbitControls.js';
const stage = window.stage.mount({ THREE, OrbitControls, canvas: document.querySelector('canvas') });
stage.add(new THREE.Mesh(new THREE.BoxGeometry(1, 1, 1), new THREE.MeshNormalMaterial()));
window.threeRevision = THREE.REVISION;`;

let browser: Browser;
let drawbridge: Drawbridge;
let origin: string;
let closeServer: () => Promise<void>;
let page: Page;

beforeAll(async () => {
  drawbridge = await createDrawbridge({ basePath: '/ai', store: ':memory:', logError: () => {} });
  const app = express();
  app.use('/ai', toNodeHandler(drawbridge));
  app.get('/', (_request, response) => void response.type('html').send(teamPage));
  const server = createServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  closeServer = () =>
    new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  browser = await launchBrowser();
  page = await browser.newPage();
});

afterAll(async () => {
  await browser?.close();
  await closeServer?.();
  await drawbridge?.close();
});

async function waitForMessage(kind: string): Promise<void> {
  await page.waitForFunction(
    (expected) =>
      (window as unknown as { received: Array<{ kind: string }> }).received.some(
        (message) => message.kind === expected,
      ),
    kind,
  );
}

it('serves the frame under /ai to the team’s page: its runtime and three.js load there and a 3D widget runs', async () => {
  const failed: string[] = [];
  page.on('requestfailed', (request) => failed.push(request.url()));
  const frameResponse = page.waitForResponse((response) => response.url() === `${origin}/ai/frame`);
  await page.goto(`${origin}/`);
  expect((await frameResponse).headers()['x-frame-options']).toBeUndefined();
  // `ready` comes from the runtime: the document loaded it from /ai/frame/runtime.js.
  await waitForMessage('ready');
  await page.evaluate((script) => {
    const send = (window as unknown as { sendToFrame: (message: unknown) => void }).sendToFrame;
    for (const message of [
      { op: 'init', theme: 'light', height: 240 },
      { op: 'css', delta: 'canvas{width:300px;height:200px}' },
      { op: 'html', delta: '<canvas width="300" height="200"></canvas>' },
      { op: 'js', delta: script },
      { op: 'end' },
    ]) {
      send({ drawbridge: 1, ...message });
    }
  }, spinningCube);
  await waitForMessage('rendered');
  const frame = page.frames().find((candidate) => candidate.url() === `${origin}/ai/frame`);
  expect(frame).toBeDefined();
  // three.js came through the import map, relative to the frame: /ai/vendor/three/….
  expect(
    await frame!.evaluate(() => (window as unknown as { threeRevision?: string }).threeRevision),
  ).toMatch(/^\d+$/);
  const errors = await page.evaluate(() =>
    (window as unknown as { received: Array<{ kind: string }> }).received.filter(
      (message) => message.kind === 'error',
    ),
  );
  expect({ errors, failed }).toEqual({ errors: [], failed: [] });
});
