import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AppServer,
  type OpenedPage,
  openAppPage,
  sendChatMessage,
  startAppServer,
} from './support/app-server.ts';

const replayFile = fileURLToPath(new URL('./fixtures/three-scene.txt', import.meta.url));
const widgetCount = 30;
const liveLimit = 12;
/** The fixture's `@@HEIGHT@@`: what a frame is sized to before it has measured itself. */
const requestedHeight = 460;

/**
 * Instrumentation injected into every frame before its own scripts: counts WebGL contexts the frame
 * created, animation callbacks it ran and the animation frames a running loop has requested but not yet
 * had: requests made from inside an animation callback, as a stage's render loop makes them (a paused
 * stage has none; Chromium may throttle an off-screen frame, so callbacks alone cannot show a pause, and a
 * one-off request, such as a height measurement in a frame restored and scrolled away at once, is no loop),
 * and logs any context loss (the console reaches the test).
 */
function instrumentWebgl(): void {
  const counters = { contexts: 0, animationCallbacks: 0, pendingAnimationFrames: 0 };
  const pending = new Set<number>();
  const track = () => {
    counters.pendingAnimationFrames = pending.size;
  };
  Object.assign(window, { webglCounters: counters });
  const getContext = HTMLCanvasElement.prototype.getContext;
  HTMLCanvasElement.prototype.getContext = function (this: HTMLCanvasElement, ...args: unknown[]) {
    const context = (getContext as (...inner: unknown[]) => unknown).apply(this, args);
    if (context !== null && /webgl/.test(String(args[0])) && !this.dataset.counted) {
      this.dataset.counted = 'yes';
      counters.contexts += 1;
      this.addEventListener('webglcontextlost', () => console.warn('webgl-context-lost'));
    }
    return context;
  } as typeof getContext;
  const requestAnimationFrame = window.requestAnimationFrame.bind(window);
  const cancelAnimationFrame = window.cancelAnimationFrame.bind(window);
  let insideCallback = false;
  window.requestAnimationFrame = (callback) => {
    const id = requestAnimationFrame((time) => {
      pending.delete(id);
      track();
      counters.animationCallbacks += 1;
      insideCallback = true;
      try {
        callback(time);
      } finally {
        insideCallback = false;
      }
    });
    if (insideCallback) pending.add(id);
    track();
    return id;
  };
  window.cancelAnimationFrame = (id) => {
    pending.delete(id);
    track();
    cancelAnimationFrame(id);
  };
}

interface FrameReport {
  contexts: number;
  animationCallbacks: number;
  pendingAnimationFrames: number;
  onScreen: boolean;
}

/** Every widget frame still attached: its WebGL contexts, animation callbacks so far, and whether it is on screen. */
async function frameReports(page: Page): Promise<FrameReport[]> {
  const reports: FrameReport[] = [];
  for (const handle of await page.locator('iframe.db-widget-frame').elementHandles()) {
    const frame = await handle.contentFrame();
    const box = await handle.evaluate((element: Element) => {
      const rect = element.getBoundingClientRect();
      return { top: rect.top, bottom: rect.bottom, height: window.innerHeight };
    });
    if (!frame) continue;
    const counters = await frame
      .evaluate(() => (window as unknown as { webglCounters: Omit<FrameReport, 'onScreen'> }).webglCounters)
      .catch(() => ({ contexts: 0, animationCallbacks: 0, pendingAnimationFrames: 0 }));
    reports.push({ ...counters, onScreen: box.bottom > 0 && box.top < box.height });
  }
  return reports;
}

const liveContexts = (reports: FrameReport[]) => reports.reduce((sum, report) => sum + report.contexts, 0);

describe('the WebGL budget', () => {
  let server: AppServer;
  let opened: OpenedPage;
  const contextLosses: string[] = [];

  beforeAll(async () => {
    server = await startAppServer({ model: { replayFile } });
    opened = await openAppPage(server.url);
    await opened.page.context().addInitScript(instrumentWebgl);
    opened.page.on('console', (message) => {
      if (message.text().includes('webgl-context-lost')) contextLosses.push(message.text());
    });
    await opened.page.reload();
  });

  afterAll(async () => {
    await opened?.close();
    await server?.close();
  });

  it(`keeps at most ${liveLimit} of ${widgetCount} 3D widgets alive, pauses the off-screen ones and restores the rest`, {
    timeout: 400_000,
  }, async () => {
    const { page } = opened;
    let mostLive = 0;
    for (let index = 0; index < widgetCount; index += 1) {
      await sendChatMessage(page, `Scene ${index + 1}`);
      await expect.poll(() => page.locator('.db-widget-card').count(), { timeout: 20_000 }).toBe(index + 1);
      await page.locator('.db-run-status__running').waitFor({ state: 'detached', timeout: 20_000 });
      mostLive = Math.max(mostLive, await page.locator('iframe.db-widget-frame').count());
    }
    await expect
      .poll(() => page.locator('.db-widget-card').last().getAttribute('data-rendered'))
      .toBe('true');

    // Scroll to the top and back to the bottom, checking the live count on every step.
    const scrollSteps: number[] = [];
    for (const direction of [-1, 1]) {
      for (let step = 0; step < 40; step += 1) {
        // Scrolled by script, not by the wheel: over a 3D widget the wheel zooms its camera instead of
        // scrolling. Two of the host's animation frames later its intersection observers have reported.
        await page.locator('.db-transcript').evaluate(async (transcript, distance) => {
          transcript.scrollBy(0, distance);
          for (let frame = 0; frame < 2; frame += 1)
            await new Promise((resolve) => requestAnimationFrame(resolve));
        }, direction * 900);
        const reports = await frameReports(page);
        scrollSteps.push(liveContexts(reports));
        mostLive = Math.max(mostLive, reports.length);
      }
      const { top, bottom } = await page.locator('.db-transcript').evaluate((transcript) => ({
        top: transcript.scrollTop === 0,
        bottom: transcript.scrollTop + transcript.clientHeight >= transcript.scrollHeight - 1,
      }));
      expect(direction < 0 ? top : bottom, 'the scroll reached the end it headed for').toBe(true);
    }
    expect(Math.max(...scrollSteps)).toBeLessThanOrEqual(liveLimit);
    expect(mostLive).toBeLessThanOrEqual(liveLimit);

    // Off-screen widgets pause: no animation frame requested, and none run while the on-screen ones animate.
    const offScreenPending = async () =>
      (await frameReports(page))
        .filter((report) => !report.onScreen)
        .map((report) => report.pendingAnimationFrames);
    await expect
      .poll(async () => (await offScreenPending()).every((pendingFrames) => pendingFrames === 0), {
        timeout: 20_000,
      })
      .toBe(true);
    const before = await frameReports(page);
    expect(before.filter((report) => report.onScreen).length).toBeGreaterThan(0);
    // The window in which a paused widget would have animated: every on-screen widget draws ten more frames.
    await expect
      .poll(
        async () => {
          const now = await frameReports(page);
          return before.every(
            (report, index) =>
              !report.onScreen || (now[index]?.animationCallbacks ?? 0) >= report.animationCallbacks + 10,
          );
        },
        { timeout: 20_000 },
      )
      .toBe(true);
    const after = await frameReports(page);
    const offScreenWork = before
      .map((report, index) => ({ report, later: after[index] }))
      .filter(({ report, later }) => !report.onScreen && later !== undefined && !later.onScreen)
      .map(({ report, later }) => (later?.animationCallbacks ?? 0) - report.animationCallbacks);
    expect(offScreenWork.length).toBeGreaterThan(0);
    expect(offScreenWork.every((callbacks) => callbacks === 0)).toBe(true);

    // Every released widget keeps its download link and comes back when scrolled to.
    const released = page.locator('.db-widget-card:has(.db-widget-card__released)');
    // Widgets scrolled back into view restored themselves and released others; wait for the last exchange.
    await expect.poll(() => released.count()).toBe(widgetCount - liveLimit);
    const releasedCount = await released.count();
    expect(await released.locator('a[download]').count()).toBe(releasedCount);
    const downloadHref = await released.first().locator('a[download]').getAttribute('href');
    const download = await page.request.get(new URL(downloadHref ?? '', server.url).href);
    expect(download.status()).toBe(200);
    expect(await download.text()).toContain('scene-canvas');

    // A released widget restores itself when it scrolls into view and releases the farthest other one, so
    // walk the ids released after the scroll. Each restore waits until the frame is laid out, not only
    // rendered: a frame still settling its height moves the cards below it under the reader (and under a
    // click: a button moved between the press and the release of a click is not clicked).
    const releasedIds = await released.evaluateAll((cards) =>
      cards.map((card) => card.getAttribute('data-widget-id')),
    );
    let restoredWithoutShift = 0;
    for (const widgetId of releasedIds) {
      const card = page.locator(`.db-widget-card[data-widget-id="${widgetId}"]`);
      const { releasedHeight, measuredBeforeRelease } = await card.evaluate((element, requested) => {
        const heights: number[] = [];
        Object.assign(element, { heightsSeen: heights });
        new ResizeObserver((entries) => {
          for (const entry of entries) heights.push(Math.round(entry.borderBoxSize[0]?.blockSize ?? 0));
        }).observe(element);
        // A neighbour's scroll may have brought it back already; then it has no placeholder.
        const notice = element.querySelector<HTMLElement>('.db-widget-card__released');
        return {
          releasedHeight: Math.round(element.getBoundingClientRect().height),
          // A frame scrolled away before it first laid out (Chromium does not render an off-screen frame)
          // never measured itself: its placeholder keeps the model's height, and the restored widget then
          // takes its real height once.
          measuredBeforeRelease: notice !== null && notice.style.minHeight !== `${requested}px`,
        };
      }, requestedHeight);
      await card.scrollIntoViewIfNeeded();
      const frameElement = card.locator('iframe.db-widget-frame');
      await frameElement.waitFor({ timeout: 10_000 });
      await expect.poll(() => card.getAttribute('data-rendered'), { timeout: 15_000 }).toBe('true');
      const frame = await (await frameElement.elementHandle())?.contentFrame();
      await expect
        .poll(
          async () => {
            const contentHeight = await frame?.evaluate(() =>
              Math.round(document.getElementById('widget-root')?.getBoundingClientRect().height ?? -1),
            );
            const frameHeight = await frameElement.evaluate((element) =>
              Math.round(element.getBoundingClientRect().height),
            );
            return contentHeight === frameHeight;
          },
          { message: 'the restored frame is as tall as its content' },
        )
        .toBe(true);
      // A widget comes back at the height it had: the transcript does not move under the reader.
      if (measuredBeforeRelease) {
        const heightsSeen = await card.evaluate(
          (element) => (element as unknown as { heightsSeen: number[] }).heightsSeen,
        );
        expect(heightsSeen.filter((height) => Math.abs(height - releasedHeight) > 1)).toEqual([]);
        restoredWithoutShift += 1;
      }
      expect(await page.locator('iframe.db-widget-frame').count()).toBeLessThanOrEqual(liveLimit);
    }
    expect(restoredWithoutShift).toBeGreaterThan(0);
    expect(liveContexts(await frameReports(page))).toBeLessThanOrEqual(liveLimit);
    expect(contextLosses).toEqual([]);
    console.log(
      `WebGL budget: ${widgetCount} widgets, most live frames ${mostLive}, most live contexts while scrolling ${Math.max(...scrollSteps)}, ${releasedCount} released and restored, ${contextLosses.length} context losses`,
    );
  });
});
