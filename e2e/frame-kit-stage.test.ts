import type { Browser, Frame, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './support/browser.ts';
import { type StaticTestServer, startStaticServer } from './support/static-server.ts';

// A 3D widget on the kit: a canvas the kit's stylesheet sizes, and a scene in a few lines. Its frame callback
// counts frames and writes the stage's clock into the markup, so the test can see time pass (or not).
const sceneMarkup = `<figure class="kit stack" style="margin:0">
  <canvas class="stage" style="--h:240px" aria-label="A turning cube"></canvas>
  <p>Frames <output id="frames">0</output>, seconds <output id="elapsed">0</output></p>
  <button id="play">Play</button>
</figure>`;

const sceneScript = `import { fail, stage } from 'kit';
try {
  const view = await stage('canvas', { camera: [3, 2, 4] });
  const { THREE } = view;
  const cube = new THREE.Mesh(new THREE.BoxGeometry(), new THREE.MeshStandardMaterial({ color: 0x4f7cff }));
  view.add(cube);
  let frames = 0;
  view.onFrame(({ delta, elapsed }) => {
    cube.rotation.y += delta;
    document.querySelector('#frames').textContent = String(++frames);
    document.querySelector('#elapsed').textContent = String(elapsed);
  });
  document.querySelector('#play').onclick = () => (view.paused = false);
  window.view = view;
} catch (error) {
  fail(error);
}`;

// A 2D widget on the kit: it imports the kit module and never asks for the stage.
const flatMarkup = '<section class="kit card"><div id="chart"></div></section>';
const flatScript = `import { chart } from 'kit';
chart('#chart', { type: 'bar', title: 'Sales', labels: ['Q1', 'Q2'], series: [3, 5] });`;

let browser: Browser;
let server: StaticTestServer;

beforeAll(async () => {
  [browser, server] = await Promise.all([launchBrowser(), startStaticServer()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

interface OpenedWidget {
  page: Page;
  frame: Frame;
  /** The paths the page fetched from the test server, in order. */
  requests: string[];
  kinds(): Promise<string[]>;
}

async function openWidget(
  { html, js }: { html: string; js: string },
  { reducedMotion = 'no-preference' }: { reducedMotion?: 'reduce' | 'no-preference' } = {},
): Promise<OpenedWidget> {
  const page = await browser.newPage();
  await page.emulateMedia({ reducedMotion });
  const requests: string[] = [];
  page.on('request', (request) => requests.push(new URL(request.url()).pathname));
  await page.goto(`${server.origin}/host.html`);
  const kinds = () =>
    page.evaluate(() =>
      (window as unknown as { received: Array<{ kind: string }> }).received.map((message) => message.kind),
    );
  await expect.poll(kinds).toContain('ready');
  await page.evaluate(
    ({ html, js }) => {
      const send = (window as unknown as { sendToFrame: (message: unknown) => void }).sendToFrame;
      send({ drawbridge: 1, op: 'html', delta: html });
      send({ drawbridge: 1, op: 'js', delta: js });
      send({ drawbridge: 1, op: 'end' });
    },
    { html, js },
  );
  await expect.poll(kinds).toContain('rendered');
  const frame = page.frames().find((candidate) => candidate.url().endsWith('/frame'));
  if (frame === undefined) throw new Error('the widget frame is not loaded');
  return { page, frame, requests, kinds };
}

/** Waits `count` animation frames inside the widget's frame: a number of ticks of its loop, not a time. */
function animationFrames(frame: Frame, count: number): Promise<void> {
  return frame.evaluate(
    (remaining) =>
      new Promise<void>((resolve) => {
        const tick = () => (--remaining <= 0 ? resolve() : requestAnimationFrame(tick));
        requestAnimationFrame(tick);
      }),
    count,
  );
}

const number = (frame: Frame, selector: string) =>
  frame
    .locator(selector)
    .textContent()
    .then((text) => Number(text));

describe("the kit's 3D stage inside the frame", () => {
  it('never fetches three.js for a widget that uses the rest of the kit', async () => {
    const { page, frame, requests, kinds } = await openWidget({ html: flatMarkup, js: flatScript });
    await frame.locator('#chart svg .ct-bar').first().waitFor({ state: 'attached' });
    expect(requests).toContain('/frame/kit.js');
    expect(requests.filter((path) => path.startsWith('/vendor/three/'))).toEqual([]);
    expect(await kinds()).not.toContain('error');
    await page.close();
  });

  it('mounts a scene in one call: three.js from our server, a themed canvas sized to its container, time passing', async () => {
    const { page, frame, requests, kinds } = await openWidget({ html: sceneMarkup, js: sceneScript });
    expect(requests).toContain('/vendor/three/build/three.module.js');
    expect(requests).toContain('/vendor/three/examples/jsm/controls/OrbitControls.js');
    // One WebGL context, reported to the host's budget.
    expect(
      await page.evaluate(() =>
        (window as unknown as { received: Array<{ kind: string; contexts?: number }> }).received
          .filter((message) => message.kind === 'webgl')
          .map((message) => message.contexts),
      ),
    ).toContain(1);
    await expect.poll(() => number(frame, '#elapsed')).toBeGreaterThan(0);
    const look = await frame.locator('canvas').evaluate((canvas) => {
      const style = getComputedStyle(canvas);
      const probe = document.createElement('div');
      probe.style.background = 'var(--db-surface)';
      document.body.append(probe);
      const surface = getComputedStyle(probe).backgroundColor;
      probe.remove();
      return {
        height: (canvas as HTMLCanvasElement).offsetHeight,
        background: style.backgroundColor,
        surface,
        touchAction: style.touchAction,
        buffer: [(canvas as HTMLCanvasElement).width, (canvas as HTMLCanvasElement).height],
        css: [canvas.clientWidth, canvas.clientHeight],
        ratio: Math.min(devicePixelRatio, 2),
      };
    });
    expect(look).toMatchObject({ height: 240, background: look.surface, touchAction: 'none' });
    expect(look.buffer).toEqual(look.css.map((size) => Math.round(size * look.ratio)));
    // The canvas follows its container's width.
    await page.locator('#widget').evaluate((iframe) => {
      (iframe as HTMLIFrameElement).style.width = '400px';
    });
    const resized = () =>
      frame.locator('canvas').evaluate((canvas) => ({
        css: canvas.clientWidth,
        buffer: (canvas as HTMLCanvasElement).width,
      }));
    await expect.poll(async () => (await resized()).css).toBeLessThan(look.css[0] ?? 0);
    await expect
      .poll(async () => {
        const { css, buffer } = await resized();
        return buffer === Math.round(css * look.ratio);
      })
      .toBe(true);
    expect(await kinds()).not.toContain('error');
    await page.close();
  });

  it('stops its clock while the host says the widget is off screen, and starts it again', async () => {
    const { page, frame } = await openWidget({ html: sceneMarkup, js: sceneScript });
    await expect.poll(() => number(frame, '#frames')).toBeGreaterThan(2);
    const send = (visible: boolean) =>
      page.evaluate(
        (visible) =>
          (window as unknown as { sendToFrame: (message: unknown) => void }).sendToFrame({
            drawbridge: 1,
            op: 'visibility',
            visible,
          }),
        visible,
      );
    await send(false);
    await animationFrames(frame, 2);
    const stopped = await number(frame, '#frames');
    await animationFrames(frame, 10);
    expect(await number(frame, '#frames')).toBe(stopped);
    await send(true);
    await expect.poll(() => number(frame, '#frames')).toBeGreaterThan(stopped);
    await page.close();
  });

  it('starts paused when the user prefers reduced motion: drawn, no time passing, until the widget plays', async () => {
    const { page, frame, kinds } = await openWidget(
      { html: sceneMarkup, js: sceneScript },
      { reducedMotion: 'reduce' },
    );
    await expect.poll(() => number(frame, '#frames')).toBeGreaterThan(5);
    expect(await number(frame, '#elapsed')).toBe(0);
    expect(await frame.evaluate(() => (window as unknown as { view: { paused: boolean } }).view.paused)).toBe(
      true,
    );
    await frame.locator('#play').click();
    await expect.poll(() => number(frame, '#elapsed')).toBeGreaterThan(0);
    expect(await kinds()).not.toContain('error');
    await page.close();
  });
});
