import type { FrameLocator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { appPerTest } from './support/app-per-test.ts';
import { sendChatMessage } from './support/app-server.ts';

const latestCard = '.db-widget-card[data-latest="true"]';

/** An edit applies to the running widget when it leaves the script alone; a changed script starts it afresh. */
describe('an edit of a widget the user has been using', () => {
  const app = appPerTest();

  async function replyOver(page: Page, count: number): Promise<void> {
    await page
      .locator('.db-message--assistant')
      .nth(count - 1)
      .waitFor({ timeout: 30_000 });
    await page.locator('.db-composer__button--stop').waitFor({ state: 'detached', timeout: 30_000 });
  }

  async function tallyAtThree(page: Page): Promise<FrameLocator> {
    await sendChatMessage(page, 'a tally counter');
    await page.locator(`${latestCard}[data-rendered="true"]`).waitFor({ timeout: 30_000 });
    await replyOver(page, 1);
    const frame = page.frameLocator('iframe.db-widget-frame');
    for (let click = 0; click < 3; click += 1) await frame.getByRole('button', { name: 'Count' }).click();
    await expect.poll(() => frame.locator('#count').textContent()).toBe('3');
    return frame;
  }

  it('keeps the count through "make it dark" and "rename it", in the same running frame', async () => {
    const server = await app.startServer({ model: 'demo', pace: 0 });
    const { page, pageErrors } = await app.openPage(server.url);
    const frame = await tallyAtThree(page);
    await frame.locator('body').evaluate(() => {
      (window as { sameDocument?: boolean }).sameDocument = true;
      // What the host hands the running frame from now on: the edit alone, as hunks (docs/protocol.md, Edits).
      const received: string[] = [];
      (window as { receivedParts?: string[] }).receivedParts = received;
      window.addEventListener('message', (event) => {
        const { op, search, replace } = (event.data ?? {}) as {
          op?: string;
          search?: string;
          replace?: boolean;
        };
        if (op === 'css' || op === 'html' || op === 'js' || op === 'end')
          received.push(search !== undefined ? `${op}:search` : replace === true ? `${op}:replace` : op);
      });
    });
    const receivedParts = () =>
      frame.locator('body').evaluate(() => (window as { receivedParts?: string[] }).receivedParts?.splice(0));

    await sendChatMessage(page, 'make it dark');
    await replyOver(page, 2);
    await page.locator(`${latestCard}[data-rendered="true"]`).waitFor();
    expect(await page.locator(latestCard).locator('.db-widget-revisions__position').textContent()).toBe(
      'Revision 2 / 2',
    );
    expect(await frame.locator('.tally').evaluate((tally) => getComputedStyle(tally).backgroundColor)).toBe(
      'rgb(28, 32, 41)',
    );
    expect(await frame.locator('#count').textContent()).toBe('3');
    // The script still runs in that document: the button counts on from 3.
    await frame.getByRole('button', { name: 'Count' }).click();
    await expect.poll(() => frame.locator('#count').textContent()).toBe('4');
    expect(
      await frame.locator('body').evaluate(() => (window as { sameDocument?: boolean }).sameDocument),
    ).toBe(true);
    expect(await page.locator('iframe.db-widget-frame').count()).toBe(1);
    expect(await receivedParts()).toEqual(['css:search', 'end']);

    await sendChatMessage(page, 'rename it');
    await replyOver(page, 3);
    await expect.poll(() => frame.locator('h2').textContent()).toBe('Laps swum');
    expect(await frame.locator('#count').textContent()).toBe('4');
    expect(await receivedParts()).toEqual(['html:search', 'end']);
    expect(pageErrors).toEqual([]);
  });

  it('starts the widget afresh when the edit changed its script, which picks its kept tally back up, and the reply says so', async () => {
    const server = await app.startServer({ model: 'demo', pace: 0 });
    const { page } = await app.openPage(server.url);
    const frame = await tallyAtThree(page);
    await sendChatMessage(page, 'add a reset button');
    await replyOver(page, 2);
    await page.locator(`${latestCard}[data-rendered="true"]`).waitFor();
    expect(await page.locator('.db-message--assistant').nth(1).textContent()).toContain(
      'picked its tally and step back up',
    );
    await frame.getByRole('button', { name: 'Reset' }).waitFor();
    expect(await frame.locator('#count').textContent()).toBe('3');
    await frame.getByRole('button', { name: 'Count' }).click();
    await expect.poll(() => frame.locator('#count').textContent()).toBe('4');
    await frame.getByRole('button', { name: 'Reset' }).click();
    await expect.poll(() => frame.locator('#count').textContent()).toBe('0');
  });

  it('never shows the buttons unstyled while the edit streams', async () => {
    const server = await app.startServer({ model: 'demo', pace: 60 });
    const { page } = await app.openPage(server.url);
    const frame = await tallyAtThree(page);
    const countButton = frame.getByRole('button', { name: 'Count' });
    const styled = await countButton.evaluate((button) => getComputedStyle(button).borderRadius);
    await sendChatMessage(page, 'make it dark');
    // Sampled on every poll until the edit is over: the button's own styles (a rounded corner) never go.
    const samples: string[] = [];
    await expect
      .poll(
        async () => {
          samples.push(await countButton.evaluate((button) => getComputedStyle(button).borderRadius));
          return page.locator('.db-composer__button--stop').count();
        },
        { timeout: 60_000, interval: 50 },
      )
      .toBe(0);
    expect(samples.length).toBeGreaterThan(3);
    expect(new Set(samples)).toEqual(new Set([styled]));
  });
});
