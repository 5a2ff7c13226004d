import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppServer } from './support/app-server.ts';
import { launchBrowser } from './support/browser.ts';
import { startDashboardServer } from './support/dashboard-server.ts';

const viewports = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 900 },
] as const;

/** How far the page and the dashboard's own scroller reach past their width (0 when nothing sticks out). */
function horizontalOverflow(page: Page): Promise<{ page: number; dashboard: number }> {
  return page.evaluate(() => {
    const dashboard = document.querySelector('.dashboard');
    return {
      page: document.documentElement.scrollWidth - document.documentElement.clientWidth,
      dashboard: dashboard ? dashboard.scrollWidth - dashboard.clientWidth : -1,
    };
  });
}

describe('the dashboard layout', () => {
  let server: AppServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startDashboardServer();
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  for (const viewport of viewports) {
    it(`fits a ${viewport.width} px screen and opens the custom range inside it (${viewport.name})`, async () => {
      const context = await browser.newContext({
        viewport: { width: viewport.width, height: viewport.height },
      });
      try {
        const page = await context.newPage();
        await page.goto(`${server.url}/#/dashboard/overview?preset=7d`);
        await page.locator('.kpi-tile').first().waitFor();
        await page.locator('.metric-chart canvas').first().waitFor();
        expect(await horizontalOverflow(page)).toEqual({ page: 0, dashboard: 0 });
        // Every tab is whole on screen: none hides past the edge of a row that scrolls without a scrollbar.
        const tabs = await page.locator('.dashboard-tabs').evaluate((row) => {
          const edge = row.getBoundingClientRect();
          return {
            scrolls: row.scrollWidth > row.clientWidth,
            cut: [...row.querySelectorAll('.dashboard-tabs__tab')]
              .filter((tab) => tab.getBoundingClientRect().right > edge.right + 0.5)
              .map((tab) => tab.textContent),
          };
        });
        expect(tabs).toEqual({ scrolls: false, cut: [] });

        // On a phone the assistant opens on request instead of taking half the screen.
        const assistant = page.getByRole('button', { name: 'Assistant' });
        expect(await assistant.getAttribute('aria-pressed')).toBe(
          viewport.name === 'phone' ? 'false' : 'true',
        );
        expect(await page.locator('#dashboard-agent-input').count()).toBe(viewport.name === 'phone' ? 0 : 1);

        await page.getByRole('button', { name: 'Custom' }).click();
        const popover = page.locator('.range-picker__popover');
        await popover.waitFor();
        const box = await popover.boundingBox();
        expect(box).not.toBeNull();
        expect(box?.x).toBeGreaterThanOrEqual(0);
        expect(box?.y).toBeGreaterThanOrEqual(0);
        expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(viewport.width);
        expect((box?.y ?? 0) + (box?.height ?? 0)).toBeLessThanOrEqual(viewport.height);
        expect(await horizontalOverflow(page)).toEqual({ page: 0, dashboard: 0 });

        await popover.getByRole('button', { name: 'Cancel' }).click();
        await popover.waitFor({ state: 'detached' });
        if (viewport.name === 'phone') {
          await assistant.click();
          await page.locator('#dashboard-agent-input').waitFor();
          expect(await horizontalOverflow(page)).toEqual({ page: 0, dashboard: 0 });
        }
      } finally {
        await context.close();
      }
    });
  }

  it('keeps the demo notice above the transcript on a phone, not over it', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    try {
      const page = await context.newPage();
      await page.goto(server.url);
      await page.locator('.demo-banner').waitFor();
      await page.locator('#composer-input').fill('Show me a calculator');
      await page.locator('#composer-input').press('Enter');
      await page.locator('.message--user').waitFor();
      const [banner, transcript] = await Promise.all(
        ['.demo-banner', '.db-transcript'].map((selector) => page.locator(selector).boundingBox()),
      );
      expect((banner?.y ?? 0) + (banner?.height ?? 0)).toBeLessThanOrEqual((transcript?.y ?? 0) + 0.5);
      expect(await horizontalOverflow(page)).toMatchObject({ page: 0 });
    } finally {
      await context.close();
    }
  });
});
