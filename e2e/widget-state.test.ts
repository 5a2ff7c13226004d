import { mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FrameLocator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { appPerTest } from './support/app-per-test.ts';
import { sendChatMessage } from './support/app-server.ts';

const latestCard = '.db-widget-card[data-latest="true"]';
const shotsDirectory = process.env.DRAWBRIDGE_SHOTS ?? join(tmpdir(), 'drawbridge-widget-state-shots');

async function replyOver(page: Page, count: number): Promise<void> {
  await page
    .locator('.db-message--assistant')
    .nth(count - 1)
    .waitFor({ timeout: 30_000 });
  await page.locator('.db-composer__button--stop').waitFor({ state: 'detached', timeout: 30_000 });
}

/** The state the server keeps for the thread's widgets, as `GET …/messages` answers it. */
async function storedStates(page: Page, serverUrl: string): Promise<unknown> {
  const threadId = (await page.evaluate(() => window.location.hash)).replace('#/t/', '');
  const response = await page.request.get(`${serverUrl}/api/threads/${threadId}/messages`);
  return ((await response.json()) as { widgetStates?: Array<{ state: unknown }> }).widgetStates?.map(
    (entry) => entry.state,
  );
}

async function countTo(frame: FrameLocator, clicks: number): Promise<void> {
  for (let click = 0; click < clicks; click += 1) await frame.getByRole('button', { name: 'Count' }).click();
}

/** A widget keeps what the user did with `host.setState`: a reload, an edit and the model's next turn see it. */
describe('widget state', () => {
  const app = appPerTest();

  it('keeps the tally through a reload, and the next turn tells the model what it is', async () => {
    await mkdir(shotsDirectory, { recursive: true });
    const server = await app.startServer({ model: 'demo', pace: 0 });
    const { page, pageErrors } = await app.openPage(server.url);
    await page.setViewportSize({ width: 1440, height: 900 });
    await sendChatMessage(page, 'a tally counter');
    await page.locator(`${latestCard}[data-rendered="true"]`).waitFor({ timeout: 30_000 });
    await replyOver(page, 1);
    const frame = page.frameLocator('iframe.db-widget-frame');
    await countTo(frame, 3);
    await expect.poll(() => frame.locator('#count').textContent()).toBe('3');
    await expect.poll(() => storedStates(page, server.url)).toEqual([{ count: 3, step: 1 }]);

    await page.reload();
    await page.locator(`${latestCard}[data-rendered="true"]`).waitFor({ timeout: 30_000 });
    await expect.poll(() => frame.locator('#count').textContent()).toBe('3');
    await page.screenshot({ path: join(shotsDirectory, 'widget-state-after-reload-desktop.png') });

    await sendChatMessage(page, 'how many did I count?');
    await replyOver(page, 2);
    const answer = page.locator('.db-message--assistant').nth(1);
    await expect.poll(() => answer.textContent()).toContain('"count":3,"step":1');
    expect(await answer.textContent()).toContain('("Tally counter")');
    await page.setViewportSize({ width: 390, height: 844 });
    await answer.scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(shotsDirectory, 'widget-state-next-turn-phone.png') });
    expect(pageErrors).toEqual([]);
  });

  it('keeps the tally through an edit that changes the script, which starts the widget afresh', async () => {
    const server = await app.startServer({ model: 'demo', pace: 0 });
    const { page } = await app.openPage(server.url);
    await sendChatMessage(page, 'a tally counter');
    await page.locator(`${latestCard}[data-rendered="true"]`).waitFor({ timeout: 30_000 });
    await replyOver(page, 1);
    const frame = page.frameLocator('iframe.db-widget-frame');
    await frame.getByRole('button', { name: '+5' }).click();
    await countTo(frame, 2);
    await expect.poll(() => frame.locator('#count').textContent()).toBe('10');
    await expect.poll(() => storedStates(page, server.url)).toEqual([{ count: 10, step: 5 }]);
    await frame.locator('body').evaluate(() => {
      (window as { firstDocument?: boolean }).firstDocument = true;
    });

    await sendChatMessage(page, 'add a reset button');
    await replyOver(page, 2);
    await page.locator(`${latestCard}[data-rendered="true"]`).waitFor();
    await frame.getByRole('button', { name: 'Reset' }).waitFor();
    // A new document (the script changed), which read the tally and the step back.
    expect(
      await frame.locator('body').evaluate(() => (window as { firstDocument?: boolean }).firstDocument),
    ).toBeUndefined();
    expect(await frame.locator('#count').textContent()).toBe('10');
    expect(await frame.getByRole('button', { name: '+5' }).getAttribute('aria-pressed')).toBe('true');
    await frame.getByRole('button', { name: 'Reset' }).click();
    await expect.poll(() => storedStates(page, server.url)).toEqual([{ count: 0, step: 5 }]);
  });

  it('tells the widget why a state past the bound was not kept', async () => {
    const server = await app.startServer({ model: 'demo', pace: 0 });
    const { page } = await app.openPage(server.url);
    await sendChatMessage(page, 'a tally counter');
    await page.locator(`${latestCard}[data-rendered="true"]`).waitFor({ timeout: 30_000 });
    await replyOver(page, 1);
    const widgetFrame = page.frames().find((candidate) => candidate.url().endsWith('/frame'))!;
    const refusal = await widgetFrame.evaluate(() =>
      (window as unknown as { host: { setState(state: object): Promise<void> } }).host
        .setState({ notes: 'x'.repeat(5000) })
        .then(
          () => 'kept',
          (error: Error) => error.message,
        ),
    );
    expect(refusal).toMatch(/^host\.setState: The state is 50\d\d characters as JSON, more than the 4000/);
    // The frame's own check is only the first: a forged message gets the host's refusal, and the server's.
    const forged = await page.request.put(
      `${server.url}/api/threads/${(await page.evaluate(() => window.location.hash)).replace('#/t/', '')}/widgets/nope/state`,
      { data: { state: { count: 1 } } },
    );
    expect(forged.status()).toBe(404);
    expect(await storedStates(page, server.url)).toEqual([]);
  });
});
