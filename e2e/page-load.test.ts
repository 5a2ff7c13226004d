import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppServer, openAppPage, sendChatMessage, startAppServer } from './support/app-server.ts';
import { launchBrowser } from './support/browser.ts';

let browser: Browser;
let server: AppServer;

beforeAll(async () => {
  browser = await launchBrowser();
  server = await startAppServer({ pace: 2000 });
});

afterAll(async () => {
  await server?.close();
  await browser?.close();
});

describe('the first paint', () => {
  for (const colorScheme of ['light', 'dark'] as const) {
    it(`paints the app frame from HTML and CSS alone, before any script runs (${colorScheme})`, async () => {
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, colorScheme });
      try {
        const page = await context.newPage();
        // The scripts never arrive: whatever is on screen came from index.html and the stylesheet.
        await page.route('**/assets/*.js', (route) => route.abort());
        await page.goto(server.url);
        await page.getByText('Loading Drawbridge…').waitFor();
        expect(await page.locator('.app-shell').getByText('Drawbridge', { exact: true }).isVisible()).toBe(
          true,
        );
        expect(
          await page.locator('.app-shell').getByText('New chat', { exact: true }).first().isVisible(),
        ).toBe(true);
        expect(await page.getByText('Ask for a chart, a form, a 3D scene…').isVisible()).toBe(true);
        // Styled, not bare HTML: the sidebar sits beside the conversation in the app's own colours.
        const styles = await page.evaluate(() => ({
          layout: getComputedStyle(document.querySelector('.layout')!).display,
          background: getComputedStyle(document.querySelector('.main')!).backgroundColor,
        }));
        expect(styles.layout).toBe('grid');
        expect(styles.background).toBe(colorScheme === 'dark' ? 'rgb(15, 17, 21)' : 'rgb(247, 247, 251)');
        expect(await page.locator('#composer-input').count()).toBe(0);
      } finally {
        await context.close();
      }
    });
  }

  it('replaces the frame with the app once the script runs', async () => {
    const opened = await openAppPage(server.url, { browser });
    try {
      await opened.page.locator('#composer-input').waitFor();
      expect(await opened.page.locator('.app-shell').count()).toBe(0);
      expect(await opened.page.getByText('Loading Drawbridge…').count()).toBe(0);
      expect(opened.pageErrors).toEqual([]);
    } finally {
      await opened.close();
    }
  });
});

describe('what the first visit downloads', () => {
  it('gets every script and stylesheet compressed, and Chart.js only once a chart is drawn', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    try {
      const page = await context.newPage();
      const assets: { path: string; encoding: string | undefined; vary: string | undefined }[] = [];
      page.on('response', (response) => {
        const path = new URL(response.url()).pathname;
        if (!path.startsWith('/assets/')) return;
        const headers = response.headers();
        assets.push({ path, encoding: headers['content-encoding'], vary: headers.vary });
      });
      await page.goto(server.url);
      await page.locator('#composer-input').waitFor();
      await expect.poll(() => assets.some((asset) => asset.path.includes('render-markdown'))).toBe(true);
      expect(assets.filter((asset) => asset.path.endsWith('.js')).length).toBeGreaterThanOrEqual(2);
      for (const asset of assets) {
        expect(['br', 'gzip'], asset.path).toContain(asset.encoding);
        expect(asset.vary, asset.path).toBe('Accept-Encoding');
      }
      expect(assets.some((asset) => asset.path.includes('create-chart'))).toBe(false);

      await sendChatMessage(page, 'show me visitors by traffic channel as a pie');
      await page.locator('.agent-chart canvas').waitFor({ timeout: 30_000 });
      await expect.poll(() => assets.some((asset) => asset.path.includes('create-chart'))).toBe(true);
    } finally {
      await context.close();
    }
  });
});
