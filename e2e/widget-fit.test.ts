import { fileURLToPath } from 'node:url';
import type { Browser, Frame, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type StoreBackedAppServer, sendChatMessage, startAppServer } from './support/app-server.ts';
import { launchBrowser } from './support/browser.ts';

/** What a widget needs and what its frame gives it, read inside and outside the frame. */
interface FrameFit {
  frame: { width: number; height: number };
  content: { width: number; height: number };
}

async function measureFit(page: Page, frame: Frame): Promise<FrameFit> {
  const box = await page
    .locator('iframe.db-widget-frame')
    .first()
    .evaluate((element) => ({
      width: (element as HTMLIFrameElement).clientWidth,
      height: (element as HTMLIFrameElement).clientHeight,
    }));
  const content = await frame.evaluate(() => ({
    width: document.documentElement.scrollWidth,
    height: document.documentElement.scrollHeight,
  }));
  return { frame: box, content };
}

/**
 * The fit once the frame has stopped moving: the same measurement on two reads a few animation frames apart,
 * no height transition running. A fit read mid-transition would pass or fail by chance.
 */
async function settledFit(page: Page, frame: Frame): Promise<FrameFit> {
  let settled: FrameFit | undefined;
  await expect
    .poll(async () => {
      const first = await measureFit(page, frame);
      await frame.evaluate(async () => {
        for (let index = 0; index < 4; index += 1)
          await new Promise((resolve) => requestAnimationFrame(resolve));
      });
      const moving = await page.evaluate(() =>
        document.getAnimations().some((animation) => animation.playState === 'running'),
      );
      const second = await measureFit(page, frame);
      settled = second;
      return !moving && JSON.stringify(first) === JSON.stringify(second);
    })
    .toBe(true);
  return settled!;
}

async function widgetFrame(page: Page): Promise<Frame> {
  await page.locator('.db-widget-card[data-rendered="true"]').first().waitFor({ timeout: 60_000 });
  const frame = await (await page.locator('iframe.db-widget-frame').first().elementHandle())?.contentFrame();
  if (!frame) throw new Error('The widget iframe has no frame.');
  return frame;
}

const viewports = [
  { width: 1440, height: 900 },
  { width: 1280, height: 900 },
  { width: 1024, height: 800 },
  { width: 800, height: 800 },
  { width: 390, height: 844 },
];

// Scrollbars shown, as a user's browser shows them: a frame even a pixel too small then loses room to them.
describe('a widget frame fits its content', () => {
  let browser: Browser;
  let demo: StoreBackedAppServer;
  let wide: StoreBackedAppServer;

  beforeAll(async () => {
    browser = await launchBrowser({ showScrollbars: true });
    demo = await startAppServer({ model: 'demo', pace: 0 });
    wide = await startAppServer({
      model: { replayFile: fileURLToPath(new URL('./fixtures/wide-widget.txt', import.meta.url)) },
      pace: 0,
    });
  });

  afterAll(async () => {
    await browser?.close();
    await demo?.close();
    await wide?.close();
  });

  it.each(viewports)(
    'the caffeine molecule fits its frame at $width px, and again after a reload',
    async (viewport) => {
      const context = await browser.newContext({ viewport });
      try {
        const page = await context.newPage();
        await page.goto(demo.url);
        await sendChatMessage(page, 'Show me a caffeine molecule');
        const fit = await settledFit(page, await widgetFrame(page));
        expect(fit.content).toEqual(fit.frame);
        // The controls under the model are inside the frame's visible box.
        const frame = await widgetFrame(page);
        const compareBottom = await frame
          .getByRole('button', { name: 'Compare with theobromine' })
          .evaluate((button) => button.getBoundingClientRect().bottom);
        expect(compareBottom).toBeLessThanOrEqual(fit.frame.height);

        await page.getByRole('button', { name: 'Reload', exact: true }).click();
        const reloaded = await settledFit(page, await widgetFrame(page));
        expect(reloaded.content).toEqual(reloaded.frame);
        expect(reloaded.frame.height).toBe(fit.frame.height);
      } finally {
        await context.close();
      }
    },
  );

  it('gives a widget wider than its column the room of its horizontal scrollbar, so nothing is cut off below', async () => {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    try {
      const page = await context.newPage();
      await page.goto(wide.url);
      await sendChatMessage(page, 'A timeline');
      await page.locator('.db-widget-card').first().waitFor();
      const frame = await (
        await page.locator('iframe.db-widget-frame').first().elementHandle()
      )?.contentFrame();
      if (!frame) throw new Error('The widget iframe has no frame.');
      await frame.getByRole('button', { name: 'Show more' }).waitFor();
      const fit = await settledFit(page, frame);
      const visible = await frame.evaluate(() => ({
        height: document.documentElement.clientHeight,
        scrollbar: window.innerHeight - document.documentElement.clientHeight,
      }));
      // A real scrollbar, and the content's full height above it.
      expect(fit.content.width).toBeGreaterThan(fit.frame.width);
      expect(visible.scrollbar).toBeGreaterThan(0);
      expect(fit.content.height).toBeLessThanOrEqual(visible.height);
    } finally {
      await context.close();
    }
  });
});
