import type { Browser, Frame, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { launchBrowser } from './support/browser.ts';
import { type StaticTestServer, startStaticServer } from './support/static-server.ts';

interface ReceivedMessage {
  kind: string;
  [field: string]: unknown;
}

const cubeMarkup = `<div class="stage">
  <h3>Spinning cube</h3>
  <canvas width="400" height="240"></canvas>
  <form id="ask"><label>Name <input id="name" name="name"></label><button id="go">Ask</button></form>
  <p id="status">Drag to orbit &mdash; scroll to zoom.</p>
  <ul>${Array.from({ length: 12 }, (_, index) => `<li>Row ${index}</li>`).join('')}</ul>
</div>`;

const cubeScript = `import * as THREE from 'three';
import { OrbitControls } from 'three/addons/controls/OrbitControls.js';
const stage = window.stage.mount({ THREE, OrbitControls, canvas: document.querySelector('canvas') });
const cube = new THREE.Mesh(new THREE.BoxGeometry(1.6, 1.6, 1.6), new THREE.MeshStandardMaterial({ color: 0x4f7cff }));
stage.add(cube);
stage.onFrame(({ delta }) => { cube.rotation.y += delta; });
window.widgetStage = stage;
document.getElementById('ask').addEventListener('submit', (event) => {
  event.preventDefault();
  window.submitHandled = (window.submitHandled ?? 0) + 1;
});`;

let browser: Browser;
let server: StaticTestServer;
let page: Page;

beforeAll(async () => {
  [browser, server] = await Promise.all([launchBrowser(), startStaticServer()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

beforeEach(async () => {
  page = await browser.newPage();
  await page.goto(`${server.origin}/host.html`);
  await page.waitForFunction(() =>
    (window as unknown as { received: ReceivedMessage[] }).received.some(
      (message) => message.kind === 'ready',
    ),
  );
  return () => page.close();
});

function widgetFrame(): Frame {
  const frame = page.frames().find((candidate) => candidate.url().endsWith('/frame'));
  if (frame === undefined) throw new Error('the widget frame is not loaded');
  return frame;
}

async function send(messages: Array<Record<string, unknown>>, pauseMs = 1): Promise<void> {
  await page.evaluate(
    async ({ messages, pauseMs }) => {
      const sendToFrame = (window as unknown as { sendToFrame: (message: unknown) => void }).sendToFrame;
      for (const message of messages) {
        sendToFrame({ drawbridge: 1, ...message });
        await new Promise((resolve) => setTimeout(resolve, pauseMs));
      }
    },
    { messages, pauseMs },
  );
}

function htmlChunks(markup: string, size: number): Array<Record<string, unknown>> {
  const chunks: Array<Record<string, unknown>> = [];
  for (let start = 0; start < markup.length; start += size) {
    chunks.push({ op: 'html', delta: markup.slice(start, start + size) });
  }
  return chunks;
}

async function received(): Promise<ReceivedMessage[]> {
  return page.evaluate(() => (window as unknown as { received: ReceivedMessage[] }).received);
}

let pingSequence = 1000;

/**
 * A ping answered by a pong: the frame handled every message sent before the ping, and every message it
 * posted before the pong has reached the host (one frame's messages to the host keep their order).
 */
async function roundTrip(): Promise<void> {
  pingSequence += 1;
  await send([{ op: 'ping', seq: pingSequence }]);
  await waitForMessage(`message.kind === 'pong' && message.seq === ${pingSequence}`);
}

async function heightReportCount(): Promise<number> {
  return page.evaluate(() => (window as unknown as { heightReports: number }).heightReports);
}

/**
 * Waits until the height reports stop and returns how many there were: the frame has seen the iframe at the
 * size the host gave it last, had three animation frames to observe and measure that size (a report waits
 * for the next frame), and a round trip brought in whatever it posted, all without a new report.
 */
async function settledHeightReports(): Promise<number> {
  for (;;) {
    const before = await heightReportCount();
    const frame = widgetFrame();
    // The host may resize the iframe meanwhile, so both sides are read on every try.
    await expect
      .poll(async () => {
        const hostHeight = await page.evaluate(
          () => (document.getElementById('widget') as HTMLIFrameElement).getBoundingClientRect().height,
        );
        const frameHeight = await frame.evaluate(() => window.innerHeight);
        return Math.abs(frameHeight - hostHeight) < 1;
      })
      .toBe(true);
    await frame.evaluate(async () => {
      for (let index = 0; index < 3; index += 1)
        await new Promise((resolve) => requestAnimationFrame(resolve));
    });
    await roundTrip();
    if ((await heightReportCount()) === before) return before;
  }
}

async function waitForMessage(predicate: string): Promise<void> {
  await page.waitForFunction((source) => {
    const test = new Function('message', `return ${source}`) as (message: unknown) => boolean;
    return (window as unknown as { received: unknown[] }).received.some(test);
  }, predicate);
}

describe('the widget frame in Chromium', () => {
  it('streams a 3D widget in small chunks: the canvas survives, draws, and focus and typed text stay', async () => {
    await send([
      { op: 'init', theme: 'dark', height: 300 },
      { op: 'css', delta: '.stage{font:14px' },
      { op: 'css', delta: ' system-ui}' },
    ]);
    const chunks = htmlChunks(cubeMarkup, 5);
    const canvasEnd = cubeMarkup.indexOf('</canvas>') + 20;
    const inputEnd = cubeMarkup.indexOf('id="name"') + 40;
    await send(chunks.slice(0, Math.ceil(inputEnd / 5)));
    const frame = widgetFrame();
    await frame.waitForFunction(() => document.querySelector('#name') !== null);
    expect(canvasEnd).toBeLessThan(inputEnd);
    await frame.evaluate(() => {
      (document.querySelector('canvas') as unknown as { tagged: boolean }).tagged = true;
    });
    await frame.locator('#name').pressSequentially('Ada');
    await send(chunks.slice(Math.ceil(inputEnd / 5)));
    await send([{ op: 'js', delta: cubeScript }, { op: 'end' }]);
    await waitForMessage("message.kind === 'rendered'");

    const state = await frame.evaluate(() => ({
      sameCanvas: (document.querySelector('canvas') as unknown as { tagged?: boolean }).tagged === true,
      canvases: document.querySelectorAll('canvas').length,
      focused: document.activeElement?.id,
      typed: (document.querySelector('#name') as HTMLInputElement).value,
      rows: document.querySelectorAll('li').length,
      theme: document.documentElement.dataset.theme,
    }));
    expect(state).toEqual({
      sameCanvas: true,
      canvases: 1,
      focused: 'name',
      typed: 'Ada',
      rows: 12,
      theme: 'dark',
    });

    const drawnPixels = await frame.evaluate(() => {
      const stage = (
        window as unknown as {
          widgetStage: {
            renderer: { render(scene: unknown, camera: unknown): void; getContext(): WebGLRenderingContext };
            scene: unknown;
            camera: unknown;
          };
        }
      ).widgetStage;
      stage.renderer.render(stage.scene, stage.camera);
      const gl = stage.renderer.getContext();
      const pixels = new Uint8Array(gl.drawingBufferWidth * gl.drawingBufferHeight * 4);
      gl.readPixels(0, 0, gl.drawingBufferWidth, gl.drawingBufferHeight, gl.RGBA, gl.UNSIGNED_BYTE, pixels);
      let opaque = 0;
      for (let index = 3; index < pixels.length; index += 4) if (pixels[index]! > 0) opaque++;
      return { opaque, total: pixels.length / 4 };
    });
    expect(drawnPixels.opaque).toBeGreaterThan(drawnPixels.total * 0.05);
    expect(drawnPixels.opaque).toBeLessThan(drawnPixels.total);

    const messages = await received();
    expect(messages.filter((message) => message.kind === 'error')).toEqual([]);
  });

  it('appends CSS deltas to the stylesheet and runs the script deltas once, at end', async () => {
    await send([
      { op: 'css', delta: '#styled{color:rgb(1, 2, 3)}' },
      { op: 'css', delta: '#styled{border-top:' },
      { op: 'css', delta: '7px solid}' },
      { op: 'html', delta: '<p id="styled">styled</p>' },
      { op: 'js', delta: 'window.runs = (window.runs ?? 0) + 1;' },
      { op: 'js', delta: "\ndocument.getElementById('styled').dataset.wired = 'yes';" },
      { op: 'ping', seq: 1 },
    ]);
    await waitForMessage("message.kind === 'pong' && message.seq === 1");
    const frame = widgetFrame();
    const beforeEnd = await frame.evaluate(() => {
      const styled = document.getElementById('styled')!;
      return {
        color: getComputedStyle(styled).color,
        border: getComputedStyle(styled).borderTopWidth,
        styleText: document.getElementById('widget-css')!.textContent,
        runs: (window as unknown as { runs?: number }).runs,
      };
    });
    expect(beforeEnd).toEqual({
      color: 'rgb(1, 2, 3)',
      border: '7px',
      styleText: '#styled{color:rgb(1, 2, 3)}#styled{border-top:7px solid}',
      runs: undefined,
    });
    await send([{ op: 'end' }]);
    await waitForMessage("message.kind === 'rendered'");
    await send([{ op: 'js', delta: 'window.runs += 100;' }, { op: 'end' }, { op: 'ping', seq: 2 }]);
    await waitForMessage("message.kind === 'pong' && message.seq === 2");
    expect(
      await frame.evaluate(() => ({
        runs: (window as unknown as { runs?: number }).runs,
        wired: document.getElementById('styled')!.dataset.wired,
      })),
    ).toEqual({ runs: 1, wired: 'yes' });
  });

  it('applies an edit to the running widget: old styles stay until the new sheet is whole, markup is patched in', async () => {
    await send([
      { op: 'css', delta: '#go{border-radius:9px}' },
      { op: 'html', delta: '<h3 id="title">Old</h3><button id="go">0</button>' },
      {
        op: 'js',
        delta:
          "document.getElementById('go').addEventListener('click', (event) => { event.target.textContent = String(Number(event.target.textContent) + 1); });",
      },
      { op: 'end' },
    ]);
    await waitForMessage("message.kind === 'rendered'");
    const frame = widgetFrame();
    await frame.click('#go');
    await frame.click('#go');
    await frame.evaluate(() => {
      (document.getElementById('go') as HTMLElement & { tag?: string }).tag = 'first';
    });
    const look = () =>
      frame.evaluate(() => ({
        radius: getComputedStyle(document.getElementById('go')!).borderTopLeftRadius,
        title: document.getElementById('title')!.textContent,
        count: document.getElementById('go')!.textContent,
        sameButton: (document.getElementById('go') as HTMLElement & { tag?: string }).tag === 'first',
      }));

    // The edited stylesheet has begun: the old one still styles the widget.
    await send([{ op: 'css', delta: '#go{border-', replace: true }]);
    await roundTrip();
    expect(await look()).toEqual({ radius: '9px', title: 'Old', count: '2', sameButton: true });
    // Its markup begins: the stylesheet is whole and applies alone; the markup waits until it is whole too.
    await send([
      { op: 'css', delta: 'top-left-radius:3px}' },
      { op: 'html', delta: '<h3 id="title">New</h3>', replace: true },
      { op: 'html', delta: '<button id="go">0</button>' },
    ]);
    await roundTrip();
    expect(await look()).toEqual({ radius: '3px', title: 'Old', count: '2', sameButton: true });
    await send([{ op: 'end' }]);
    await roundTrip();
    // Patched: the heading the edit changed, and the script's count and button (with its listener) kept.
    expect(await look()).toEqual({ radius: '3px', title: 'New', count: '2', sameButton: true });
    await frame.click('#go');
    expect((await look()).count).toBe('3');
  });

  it("applies an edit's hunks to the running widget: the canvas, focus, typed text and scroll survive", async () => {
    const markup =
      '<h3 id="title">Sketch</h3><canvas id="pad" width="40" height="20"></canvas>' +
      '<input id="name"><div id="list" style="height:40px;overflow:auto">' +
      `${Array.from({ length: 20 }, (_, index) => `<p>Row ${index}</p>`).join('')}</div>`;
    await send([
      { op: 'css', delta: '#title{color:rgb(200, 0, 0)}' },
      ...htmlChunks(markup, 40),
      {
        op: 'js',
        delta:
          "const pen = document.getElementById('pad').getContext('2d'); pen.fillStyle = '#00f'; pen.fillRect(0, 0, 10, 10);",
      },
      { op: 'end' },
    ]);
    await waitForMessage("message.kind === 'rendered'");
    const frame = widgetFrame();
    await frame.fill('#name', 'Ada');
    await frame.evaluate(() => {
      document.getElementById('list')!.scrollTop = 120;
      (document.getElementById('pad') as HTMLCanvasElement & { tag?: string }).tag = 'first';
    });
    const look = () =>
      frame.evaluate(() => {
        const pad = document.getElementById('pad') as HTMLCanvasElement & { tag?: string };
        return {
          title: document.getElementById('title')!.textContent,
          color: getComputedStyle(document.getElementById('title')!).color,
          sameCanvas: pad.tag === 'first',
          // What the script drew stays on the canvas: it is the same element, never rebuilt.
          pixel: Array.from(pad.getContext('2d')!.getImageData(2, 2, 1, 1).data),
          focused: document.activeElement?.id,
          typed: (document.getElementById('name') as HTMLInputElement).value,
          scrolled: document.getElementById('list')!.scrollTop,
          rows: document.querySelectorAll('#list p').length,
        };
      });
    const before = await look();
    expect(before).toMatchObject({ sameCanvas: true, focused: 'name', typed: 'Ada', scrolled: 120 });

    await send([
      { op: 'css', search: 'rgb(200, 0, 0)', delta: 'rgb(0, 120, 0)' },
      { op: 'html', search: '<h3 id="title">Sketch</h3>', delta: '<h3 id="title">Sketchpad</h3>' },
      { op: 'html', search: '<p>Row 19</p>', delta: '<p>Row 19</p><p>Row 20</p>' },
      { op: 'end' },
    ]);
    await roundTrip();
    expect(await look()).toEqual({
      ...before,
      title: 'Sketchpad',
      color: 'rgb(0, 120, 0)',
      rows: 21,
    });
  });

  it('runs a form submit handler and submits nothing', async () => {
    await send([...htmlChunks(cubeMarkup, 40), { op: 'js', delta: cubeScript }, { op: 'end' }]);
    await waitForMessage("message.kind === 'rendered'");
    const frame = widgetFrame();
    await frame.locator('#go').click();
    await frame.evaluate(() => (document.getElementById('ask') as HTMLFormElement).requestSubmit());
    await frame.waitForFunction(() => (window as unknown as { submitHandled?: number }).submitHandled === 2);
    // A submission that went ahead would start navigating the frame, which announces itself with `leaving`
    // (beforeunload); the round trip after both submits brings in anything the frame posted until then.
    await roundTrip();
    expect((await received()).filter((message) => message.kind === 'leaving')).toEqual([]);
    expect(await frame.evaluate(() => (window as unknown as { submitHandled?: number }).submitHandled)).toBe(
      2,
    );
    expect(widgetFrame().url()).toBe(`${server.origin}/frame`);
  });

  it('reports script errors, rejections and CSP violations to the host', async () => {
    await send([
      { op: 'html', delta: `<p>x</p><img src="${server.origin}/x.png" alt="">` },
      { op: 'js', delta: "Promise.reject(new Error('late'));\nthrow new TypeError('boom');" },
      { op: 'end' },
    ]);
    await waitForMessage("message.kind === 'error' && message.source === 'csp'");
    await waitForMessage("message.kind === 'error' && message.source === 'script'");
    await waitForMessage("message.kind === 'error' && message.source === 'rejection'");
    const errors = (await received()).filter((message) => message.kind === 'error');
    const byKind = Object.fromEntries(errors.map((error) => [error.source, error]));
    expect(byKind.csp).toMatchObject({ blockedUri: `${server.origin}/x.png`, directive: 'img-src' });
    expect(String(byKind.script?.message)).toContain('boom');
    expect(String(byKind.rejection?.message)).toContain('late');
    expect((await received()).some((message) => message.kind === 'rendered')).toBe(false);
  });

  it('isolates the widget: no cookies, no storage, no WebRTC, no parent access', async () => {
    const probes = await widgetFrame().evaluate(() => {
      const throws = (probe: () => unknown) => {
        try {
          probe();
          return false;
        } catch {
          return true;
        }
      };
      const realm = window as unknown as Record<string, unknown>;
      return {
        cookie: throws(() => document.cookie),
        localStorage: throws(() => window.localStorage),
        parentDocument: throws(() => window.parent.document),
        peerConnection: realm.RTCPeerConnection,
        reassigned: Reflect.set(realm, 'RTCPeerConnection', class {}),
        redefined: throws(() => Object.defineProperty(realm, 'RTCPeerConnection', { value: class {} })),
        origin: window.origin,
      };
    });
    expect(probes).toEqual({
      cookie: true,
      localStorage: true,
      parentDocument: true,
      peerConnection: undefined,
      reassigned: false,
      redefined: true,
      origin: 'null',
    });
  });

  it('answers ping, relays the host bridge and routes anchor clicks to openLink', async () => {
    await send([
      { op: 'ping', seq: 41 },
      { op: 'html', delta: '<a id="out" href="https://example.org/docs">docs</a>' },
      { op: 'end' },
    ]);
    await waitForMessage("message.kind === 'pong' && message.seq === 41");
    const frame = widgetFrame();
    await frame.locator('#out').click();
    await waitForMessage(
      "message.kind === 'link' && message.url === 'https://example.org/docs' && message.viaPrivatePort === true",
    );
    // Widget code asking for a link with no click is refused in the frame; nothing reaches the host.
    const unclicked = await frame.evaluate(() =>
      (window as unknown as { host: { openLink(url: string): Promise<void> } }).host
        .openLink('https://example.org/?secret=42')
        .then(
          () => 'opened',
          (error: Error) => error.message,
        ),
    );
    expect(unclicked).toBe('A link opens only from a click in the widget.');
    await roundTrip();
    expect((await received()).filter((message) => message.kind === 'link')).toHaveLength(1);
    expect(frame.url()).toBe(`${server.origin}/frame`);

    const accepted = await frame.evaluate(() =>
      (window as unknown as { host: { sendPrompt(text: string): Promise<void> } }).host.sendPrompt('more'),
    );
    expect(accepted).toBeUndefined();
    await page.evaluate(() => {
      (window as unknown as { bridgeAnswer: unknown }).bridgeAnswer = { ok: false, message: 'limit reached' };
    });
    const refusal = await frame.evaluate(() =>
      (window as unknown as { host: { sendPrompt(text: string): Promise<void> } }).host
        .sendPrompt('again')
        .then(
          () => 'accepted',
          (error: Error) => error.message,
        ),
    );
    expect(refusal).toBe('limit reached');
  });

  it('settles its height reports, even with a 100vh element', async () => {
    await send([
      { op: 'css', delta: '.full{height:100vh;background:#eee}' },
      { op: 'html', delta: '<h2>Title</h2><div class="full">tall</div><p>after</p>' },
      { op: 'end' },
    ]);
    await waitForMessage("message.kind === 'height'");
    const settled = await settledHeightReports();
    expect(settled).toBeLessThan(6);
    const heights = (await received())
      .filter((message) => message.kind === 'height')
      .map((message) => message.px);
    expect(Math.max(...(heights as number[]))).toBeLessThan(1000);
  });

  it('reports a plain widget height once it is built', async () => {
    await send([...htmlChunks('<div style="height:333px">block</div>', 3), { op: 'end' }]);
    await waitForMessage("message.kind === 'height' && message.px === 333");
  });

  // The server stops such widgets first (e2e/widget-limits.test.ts); these reach the frame without it, as a widget
  // from another server or a forged part would.
  for (const { name, code, markup } of [
    {
      name: 'markup nested 100,000 deep',
      code: 'markup_too_deep',
      // No end tags: within the size limit, so depth is the one limit it passes whenever the frame measures it
      // (with them it passed both, and a loaded machine's late animation frame let the size refusal come first).
      markup: `${'<div>'.repeat(100_000)}x`,
    },
    { name: '600 KB of markup', code: 'widget_too_large', markup: `<p>${'0123456789'.repeat(60_000)}</p>` },
  ]) {
    it(`stops a widget past the limits itself (${name}): it says so, builds no further and runs no script`, async () => {
      await send([
        { op: 'init', theme: 'light', height: 200 },
        { op: 'css', delta: 'p{color:red}' },
      ]);
      await send(htmlChunks(markup, 64 * 1024), 0);
      await send([{ op: 'js', delta: 'window.widgetRan = true;' }, { op: 'end' }]);
      await roundTrip();
      const frame = widgetFrame();
      const built = await frame.evaluate(() => {
        let depth = 0;
        const root = document.getElementById('widget-root')!;
        for (let element = root.firstElementChild; element !== null; element = element.firstElementChild)
          depth += 1;
        return {
          depth,
          text: root.textContent?.length ?? 0,
          ran: (window as { widgetRan?: boolean }).widgetRan,
        };
      });
      expect(built.depth).toBeLessThanOrEqual(256);
      expect(built.text).toBeLessThanOrEqual(512 * 1024);
      expect(built.ran).toBeUndefined();
      const messages = await received();
      expect(messages.filter((message) => message.kind === 'refused')).toEqual([
        { drawbridge: 1, kind: 'refused', code },
      ]);
      expect(messages.filter((message) => message.kind === 'rendered' || message.kind === 'error')).toEqual(
        [],
      );
    });
  }
});
