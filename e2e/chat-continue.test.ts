import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { appPerTest } from './support/app-per-test.ts';
import { type StoreBackedAppServer, sendChatMessage, waitForWidgetFrame } from './support/app-server.ts';
import { seriousAccessibilityViolations } from './support/axe-audit.ts';

const shots = process.env.DRAWBRIDGE_SHOTS;

/** Continue after Stop, on the demo model: the kept reply stays, the continuation is appended to it. */
describe('Continue after Stop', () => {
  const app = appPerTest();

  /** Sends `prompt`, holds its reply just before `holdBefore` and presses Stop there. */
  async function stopBefore(
    prompt: string,
    holdBefore: string,
  ): Promise<{ page: Page; server: StoreBackedAppServer }> {
    const server = await app.startServer({ holdBefore });
    const { page } = await app.openPage(server.url);
    await sendChatMessage(page, prompt);
    await server.gate.reached;
    await page.getByRole('button', { name: 'Stop' }).click();
    await page.locator('.db-run-status__problem--stopped').waitFor({ timeout: 30_000 });
    return { page, server };
  }

  const replies = (page: Page) => page.locator('.db-message--assistant');

  it('goes on from the kept prose: the reply reads once, whole, live and after a reload', async () => {
    const { page, server } = await stopBefore('How do widgets stream?', 'The order is what makes');
    const kept = (await replies(page).textContent()) ?? '';
    expect(kept).toContain('A widget is just text I write');
    expect(kept).not.toContain('The order is what makes');
    const continueButton = page.getByRole('button', { name: 'Continue' });
    if (shots) {
      await page.setViewportSize({ width: 1440, height: 900 });
      await page.screenshot({ path: `${shots}/continue-stopped-1440.png` });
      await page.setViewportSize({ width: 390, height: 844 });
      // The chat list slides away as the window narrows: shot once it has.
      await page.waitForFunction(() =>
        document.getAnimations().every((animation) => animation.playState !== 'running'),
      );
      await page.screenshot({ path: `${shots}/continue-stopped-390.png` });
      await page.setViewportSize({ width: 1280, height: 900 });
    }
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await continueButton.click();
    server.gate.release();
    await page.locator('.db-run-status__done').waitFor({ timeout: 30_000 });
    for (const moment of ['continued', 'reloaded']) {
      if (moment === 'reloaded') await page.reload();
      await expect.poll(() => replies(page).count(), { timeout: 20_000 }).toBe(1);
      const text = (await replies(page).textContent()) ?? '';
      expect(text.split('A widget is just text I write').length - 1, moment).toBe(1);
      expect(text, moment).toContain('The order is what makes it feel live');
      expect(text, moment).toContain('forwards it into the sandboxed frame');
      expect(await page.locator('.message--user').count(), moment).toBe(1);
    }
    if (shots) await page.screenshot({ path: `${shots}/continue-done-1440.png` });
  });

  it('writes a widget cut by Stop again, whole and working; the cut one stays, saying it was stopped', async () => {
    const { page, server } = await stopBefore('Show me a counter', '@@JS@@');
    await page.locator('.db-widget-card').waitFor();
    await page.getByRole('button', { name: 'Continue' }).click();
    server.gate.release();
    await page.locator('.db-run-status__done').waitFor({ timeout: 30_000 });
    for (const moment of ['continued', 'reloaded']) {
      if (moment === 'reloaded') await page.reload();
      const cards = page.locator('.db-message--assistant .db-widget-card');
      await expect.poll(() => cards.count(), { timeout: 20_000 }).toBe(2);
      expect(await replies(page).count(), moment).toBe(1);
      expect(await cards.nth(0).locator('.db-widget-card__stopped-note').textContent(), moment).toMatch(
        /^Stopped/,
      );
      expect(await cards.nth(1).locator('.db-widget-card__stopped-note').count(), moment).toBe(0);
      const frame = await waitForWidgetFrame(page, 1);
      // The widget keeps its tally as widget state: after the reload it shows the count from before, and goes on.
      const before = moment === 'continued' ? '0' : '1';
      await expect.poll(() => frame.locator('#count').textContent(), { timeout: 10_000 }).toBe(before);
      await frame.locator('#add').click();
      await expect
        .poll(() => frame.locator('#count').textContent(), { timeout: 10_000 })
        .toBe(String(Number(before) + 1));
    }
    if (shots) {
      await page.setViewportSize({ width: 390, height: 844 });
      await page.reload();
      await page.locator('.db-message--assistant .db-widget-card').nth(1).scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${shots}/continue-widget-390.png` });
    }
  });
});
