import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { appPerTest } from './support/app-per-test.ts';
import { sendChatMessage } from './support/app-server.ts';

/** How far the transcript is from its bottom, in px (0 when it shows the end). */
function distanceFromBottom(page: Page): Promise<number> {
  return page
    .locator('#transcript')
    .evaluate((scroller) => scroller.scrollHeight - scroller.scrollTop - scroller.clientHeight);
}

describe('the transcript scrolls to what is happening', () => {
  const app = appPerTest();

  it('opens a thread whose reply is still streaming at the live reply, not at the top', async () => {
    // The solar system's reply waits after its widget, before its closing prose: reliably mid-reply.
    const server = await app.startServer({ model: 'demo', holdBefore: 'Try the speed slider' });
    const { page } = await app.openPage(server.url);
    await sendChatMessage(page, 'Show me the solar system in 3D');
    await server.gate.reached;
    await page.locator('.db-widget-card[data-rendered="true"]').waitFor({ timeout: 30_000 });

    await page.getByRole('button', { name: 'New chat' }).click();
    await sendChatMessage(page, 'hello');
    await page.locator('.db-run-status__done').waitFor({ timeout: 30_000 });

    await page.locator('.thread__link', { hasText: 'solar system' }).click();
    await page.getByRole('button', { name: 'Stop' }).waitFor();
    // Taller than the view, and shown from its end: the widget and the reply still being written.
    expect(
      await page.locator('#transcript').evaluate((scroller) => scroller.scrollHeight > scroller.clientHeight),
    ).toBe(true);
    await expect.poll(() => distanceFromBottom(page)).toBeLessThan(2);
    expect(await page.getByRole('button', { name: 'Jump to latest' }).count()).toBe(0);
    server.gate.release();
    await page.locator('.db-run-status__done').waitFor({ timeout: 30_000 });
    await expect.poll(() => distanceFromBottom(page)).toBeLessThan(2);
  });

  it('puts "Jump to latest" below the messages, never over them', async () => {
    const server = await app.startServer({ model: 'demo' });
    const { page } = await app.openPage(server.url);
    await sendChatMessage(page, 'I need a calculator');
    await page.locator('.db-run-status__done').waitFor({ timeout: 30_000 });
    await sendChatMessage(page, 'Chart our monthly revenue');
    await page.locator('.db-run-status__done').waitFor({ timeout: 30_000 });
    await page.locator('.db-widget-card[data-rendered="true"]').nth(1).waitFor({ timeout: 30_000 });
    // The view has followed the reply to its end and the widgets have taken their heights: only then is a wheel
    // up the reader leaving the bottom, not a scroll the still-growing reply pulls back down.
    await expect.poll(() => distanceFromBottom(page)).toBeLessThan(2);
    await page.evaluate(
      () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
    );

    const transcript = await page.locator('#transcript').boundingBox();
    if (transcript === null) throw new Error('The transcript is not laid out.');
    await page.mouse.move(transcript.x + 24, transcript.y + transcript.height / 2);
    await page.mouse.wheel(0, -600);
    const jump = page.getByRole('button', { name: 'Jump to latest' });
    await jump.waitFor();
    // The pill has a strip of its own: every point of the messages' view stays reachable.
    const scroller = await page.locator('#transcript').boundingBox();
    const pill = await jump.boundingBox();
    expect(pill!.y).toBeGreaterThanOrEqual(scroller!.y + scroller!.height);
    await jump.click();
    await expect.poll(() => distanceFromBottom(page)).toBeLessThan(2);
    expect(await jump.count()).toBe(0);
  });
});
