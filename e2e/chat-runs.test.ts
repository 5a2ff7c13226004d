import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { appPerTest } from './support/app-per-test.ts';
import { sendChatMessage } from './support/app-server.ts';

const threeScene = fileURLToPath(new URL('./fixtures/three-scene.txt', import.meta.url));
const closingProse = 'The cube spins on its own; the legend lists the orbit markers.';

/** The user messages on screen, in order: which thread the transcript shows. */
function userMessages(page: Page): Promise<string[]> {
  return page.locator('.message--user').allTextContents();
}

function threadLink(page: Page, title: string) {
  return page.locator('.thread__link', { hasText: title });
}

describe('a reply is the run, not the page', () => {
  const app = appPerTest();

  it('keeps streaming while another thread is open, and is there, finished, on return', async () => {
    // Every reply waits before its widget's end until the test lets it go: reliably mid-reply meanwhile.
    const server = await app.startServer({ model: { replayFile: threeScene }, holdBefore: '@@END@@' });
    const opened = await app.openPage(server.url);
    const { page } = opened;
    // The first thread: a reply stopped early, so it is quick to make.
    await sendChatMessage(page, 'First chat');
    await page.locator('.db-widget-card').first().waitFor({ timeout: 20_000 });
    await page.getByRole('button', { name: 'Stop' }).click();
    await page.locator('.db-run-status__problem--stopped').waitFor();
    const firstThread = await page.locator('.db-transcript__column > article').allTextContents();

    await page.getByRole('button', { name: 'New chat' }).click();
    await sendChatMessage(page, 'Second chat');
    await page.locator('.db-widget-card').first().waitFor({ timeout: 20_000 });
    await threadLink(page, 'First chat').click();
    await expect.poll(() => userMessages(page)).toEqual(['First chat']);
    // Nothing of the running reply shows here, and this thread is not busy.
    expect(await page.locator('.db-transcript__column > article').allTextContents()).toEqual(firstThread);
    expect(await page.getByRole('button', { name: 'Send' }).count()).toBe(1);

    await threadLink(page, 'Second chat').click();
    await expect.poll(() => userMessages(page)).toEqual(['Second chat']);
    // Still the same reply, still going: its widget is there and Stop is offered.
    await page.getByRole('button', { name: 'Stop' }).waitFor();
    expect(await page.locator('.db-widget-card').count()).toBe(1);
    server.gate.release();
    await page.locator('.db-run-status__done').waitFor({ timeout: 30_000 });
    const secondThread = await page.locator('.db-transcript__column > article').allTextContents();
    expect(secondThread.at(-1)).toContain(closingProse);
    const runServer = server;
    expect((await runServer.listRuns()).map((run) => run.status)).toEqual(['cancelled', 'finished']);

    // Both threads right afterwards, and after a reload.
    await threadLink(page, 'First chat').click();
    await expect.poll(() => userMessages(page)).toEqual(['First chat']);
    expect(await page.locator('.db-transcript__column > article').allTextContents()).toEqual(firstThread);
    await threadLink(page, 'Second chat').click();
    await expect.poll(() => userMessages(page)).toEqual(['Second chat']);
    await page.reload();
    await page.locator('.db-widget-card').first().waitFor({ timeout: 20_000 });
    await expect
      .poll(() => page.locator('.db-transcript__column > article').allTextContents())
      .toEqual(secondThread);
  });
});
