import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AppServer,
  clickWhenSettled,
  openAppPage,
  sendChatMessage,
  startAppServer,
} from './support/app-server.ts';
import { accessibilityViolations, seriousAccessibilityViolations } from './support/axe-audit.ts';
import { launchBrowser } from './support/browser.ts';
import { startDashboardServer } from './support/dashboard-server.ts';

const everyTypedWidget = fileURLToPath(new URL('./fixtures/render-all-widgets.jsonl', import.meta.url));
const dashboardPages = ['overview', 'runs', 'widgets', 'tools', 'audit'];

let browser: Browser;
let demoServer: AppServer;
let typedServer: AppServer;
let dashboardServer: AppServer;

beforeAll(async () => {
  browser = await launchBrowser();
  demoServer = await startAppServer({ pace: 2000 });
  typedServer = await startAppServer({
    model: { replayFile: everyTypedWidget },
    pace: 2000,
    tools: 'render',
  });
  dashboardServer = await startDashboardServer();
});

afterAll(async () => {
  await demoServer?.close();
  await typedServer?.close();
  await dashboardServer?.close();
  await browser?.close();
});

async function expectNoSeriousViolations(page: Page): Promise<void> {
  expect(await seriousAccessibilityViolations(page)).toEqual([]);
}

for (const colorScheme of ['light', 'dark'] as const) {
  describe(`axe-core finds nothing serious (${colorScheme})`, () => {
    it('on the empty chat, generated widgets and the widget source dialog', async () => {
      const opened = await openAppPage(demoServer.url, { browser, colorScheme });
      try {
        const { page } = opened;
        await page.locator('#composer-input').waitFor();
        await expectNoSeriousViolations(page);

        await sendChatMessage(page, 'make me a calculator');
        await page.locator('.db-run-status__done').first().waitFor({ timeout: 30_000 });
        await sendChatMessage(page, 'chart the monthly revenue');
        await page.locator('.db-widget-card[data-rendered="true"]').nth(1).waitFor({ timeout: 30_000 });
        await expect.poll(() => page.locator('.db-run-status__running').count(), { timeout: 30_000 }).toBe(0);
        // The revenue widget fills in its figures from script once it runs.
        const revenue = await page.locator('iframe.db-widget-frame').nth(1).contentFrame();
        await expect.poll(async () => revenue.locator('#growth').textContent()).toMatch(/%$/);
        await expectNoSeriousViolations(page);

        // Scrolled up as a reader does first (the wheel, beside the column): while the view follows the
        // bottom, a widget settling its height would move the button from under a scripted click.
        const transcript = await page.locator('#transcript').boundingBox();
        if (transcript === null) throw new Error('The transcript is not laid out.');
        await page.mouse.move(transcript.x + 24, transcript.y + transcript.height / 2);
        await page.mouse.wheel(0, -20_000);
        await page.getByRole('button', { name: 'Jump to latest' }).waitFor();
        // The first widget's toolbar ends below the view (the strip of "Jump to latest" is under the messages,
        // not over them): brought into view first, as a reader scrolls to it, and pressed once at rest.
        const viewSource = page.getByRole('button', { name: 'View source' }).first();
        await viewSource.scrollIntoViewIfNeeded();
        await clickWhenSettled(viewSource);
        await page.locator('dialog.db-source-dialog[open]').waitFor();
        await expectNoSeriousViolations(page);
      } finally {
        await opened.close();
      }
    });

    it('on the typed image, form, table and chart, and the loaded image frame', async () => {
      const opened = await openAppPage(typedServer.url, { browser, colorScheme });
      try {
        const { page } = opened;
        await sendChatMessage(page, 'show me every widget');
        await page.getByText('All four widgets are on screen.').first().waitFor({ timeout: 30_000 });
        await page.locator('.agent-chart canvas').waitFor();
        await page.locator('.agent-image__load').first().click();
        const imageFrame = page.locator('.agent-image iframe').first();
        await imageFrame.waitFor();
        await expect.poll(async () => (await imageFrame.elementHandle())?.contentFrame()).toBeTruthy();
        await expectNoSeriousViolations(page);
        // The typed form's and table's titles follow the page's heading levels (h1 is the chat's title).
        const headingOrder = (await accessibilityViolations(page)).filter(
          (violation) => violation.rule === 'heading-order',
        );
        expect(headingOrder).toEqual([]);

        // Sent, the form shows its answers under a "Sent" badge, which must read as well as the rest.
        const form = page.locator('.agent-form').first();
        await form.getByLabel('Rating').fill('4');
        await form.getByRole('button', { name: 'Send' }).click();
        await form.locator('.agent-form__sent').waitFor();
        // The replay answers the answers with the same four widgets: the reply is over once it says so again.
        await page.getByText('All four widgets are on screen.').nth(1).waitFor({ timeout: 30_000 });
        await page.locator('.agent-chart canvas').nth(1).waitFor();
        await expectNoSeriousViolations(page);
      } finally {
        await opened.close();
      }
    });

    for (const dashboardPage of dashboardPages) {
      it(`on the dashboard's ${dashboardPage} page`, async () => {
        const opened = await openAppPage(`${dashboardServer.url}/#/dashboard/${dashboardPage}`, {
          browser,
          colorScheme,
        });
        try {
          const { page } = opened;
          await page.locator('.dashboard-tabs__tab[aria-current="page"]').waitFor();
          await page.waitForLoadState('networkidle');
          await expect.poll(() => page.locator('[aria-busy="true"]').count()).toBe(0);
          await expectNoSeriousViolations(page);
        } finally {
          await opened.close();
        }
      });
    }
  });
}
