import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type StoreBackedAppServer, sendChatMessage, startAppServer } from './support/app-server.ts';
import { launchBrowser } from './support/browser.ts';

/** The solar system's canvas, the widget's height and the frame's, read inside and outside the frame. */
async function sizes(page: Page) {
  const frameElement = page.locator('iframe.db-widget-frame');
  const frame = await (await frameElement.elementHandle())!.contentFrame();
  const inside = await frame!.evaluate(() => {
    const canvas = document.querySelector('canvas')!;
    return {
      canvas: Math.round(canvas.getBoundingClientRect().height),
      drawingBuffer: canvas.height,
      widget: Math.ceil(document.getElementById('widget-root')!.getBoundingClientRect().height),
      viewport: window.innerHeight,
      devicePixelRatio: window.devicePixelRatio,
    };
  });
  const frameHeight = await frameElement.evaluate((element) =>
    Math.round(element.getBoundingClientRect().height),
  );
  return { ...inside, frame: frameHeight };
}

describe('a 3D widget in fullscreen', () => {
  let browser: Browser;
  let server: StoreBackedAppServer;

  beforeAll(async () => {
    browser = await launchBrowser();
    server = await startAppServer({ model: 'demo', pace: 0 });
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it.each([
    { width: 1440, height: 900 },
    { width: 390, height: 844 },
  ])(
    'fills the screen at $width px: the frame takes the height and the stage grows into it, then gives it back',
    async (viewport) => {
      const context = await browser.newContext({ viewport });
      try {
        const page = await context.newPage();
        await page.goto(server.url);
        await sendChatMessage(page, 'Show me a 3D solar system');
        await page.locator('.db-widget-card[data-rendered="true"]').waitFor({ timeout: 60_000 });
        let before = await sizes(page);
        await expect
          .poll(async () => {
            before = await sizes(page);
            return before.frame === before.widget;
          })
          .toBe(true);

        await page.getByRole('button', { name: 'Fullscreen' }).click();
        await page.getByRole('button', { name: 'Exit fullscreen' }).waitFor();
        // The frame fills what the toolbar leaves, the widget fills the frame, and the canvas took the rest.
        await expect
          .poll(async () => {
            const full = await sizes(page);
            return (
              full.frame >= viewport.height - 120 &&
              Math.abs(full.widget - full.viewport) <= 2 &&
              full.canvas > before.canvas + 200 &&
              full.drawingBuffer === Math.round(full.canvas * full.devicePixelRatio)
            );
          })
          .toBe(true);

        await page.keyboard.press('Escape');
        await page.getByRole('button', { name: 'Fullscreen', exact: true }).waitFor();
        await expect
          .poll(async () => {
            const after = await sizes(page);
            return after.canvas === before.canvas && after.frame === before.frame;
          })
          .toBe(true);
      } finally {
        await context.close();
      }
    },
  );
});
