import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { appPerTest } from './support/app-per-test.ts';
import { type OpenedPage, type StoreBackedAppServer, sendChatMessage } from './support/app-server.ts';

const threeScene = fileURLToPath(new URL('./fixtures/three-scene.txt', import.meta.url));
const closingProse = 'The cube spins on its own; the legend lists the orbit markers.';

function transcriptText(page: Page): Promise<string[]> {
  return page.locator('.db-transcript__column > article').allTextContents();
}

/** The assistant's prose on screen, joined: duplicated text would show here twice. */
async function assistantProse(page: Page): Promise<string> {
  return (await page.locator('.db-message--assistant .prose').allTextContents()).join('\n');
}

describe('the web client follows durable runs', () => {
  const app = appPerTest();
  let server: StoreBackedAppServer | undefined;
  const pages: OpenedPage[] = [];

  /** A server whose replies wait before their widget's end until the test releases them. */
  async function heldServer(): Promise<StoreBackedAppServer> {
    server = await app.startServer({ model: { replayFile: threeScene }, holdBefore: '@@END@@' });
    return server;
  }

  async function open(url: string): Promise<Page> {
    const opened = await app.openPage(url);
    pages.push(opened);
    return opened.page;
  }

  it('resumes the reply after a reload mid-reply, without starting it again or repeating its text', async () => {
    const app = await heldServer();
    const page = await open(app.url);
    await sendChatMessage(page, 'Show me a cube');
    await page.locator('.db-widget-card').first().waitFor({ timeout: 20_000 });
    await app.gate.reached;
    await page.reload();
    await page.getByRole('button', { name: 'Stop' }).waitFor({ timeout: 20_000 });
    app.gate.release();
    await page.locator('.db-run-status__done').waitFor({ timeout: 30_000 });
    expect(await page.locator('.message--user').allTextContents()).toEqual(['Show me a cube']);
    expect(await page.locator('.db-widget-card').count()).toBe(1);
    const prose = await assistantProse(page);
    expect(prose.split(closingProse)).toHaveLength(2);
    expect((await app.listRuns()).map((run) => run.status)).toEqual(['finished']);
    const live = await transcriptText(page);
    await page.reload();
    await page.locator('.db-widget-card').first().waitFor({ timeout: 20_000 });
    await expect.poll(() => transcriptText(page)).toEqual(live);
  });

  it('lets two tabs follow one run to the same reply', async () => {
    const app = await heldServer();
    const first = await open(app.url);
    await sendChatMessage(first, 'Show me a cube');
    await first.locator('.db-widget-card').first().waitFor({ timeout: 20_000 });
    const threadUrl = first.url();
    const second = await open(threadUrl);
    // The second tab opened the thread mid-run: it follows that run, so it offers Stop, not Send.
    await second.getByRole('button', { name: 'Stop' }).waitFor({ timeout: 20_000 });
    app.gate.release();
    await Promise.all([
      first.locator('.db-run-status__done').waitFor({ timeout: 30_000 }),
      second.locator('.db-run-status__done').waitFor({ timeout: 30_000 }),
    ]);
    expect(await assistantProse(second)).toBe(await assistantProse(first));
    expect((await app.listRuns()).map((run) => run.status)).toEqual(['finished']);
  });

  it('Stop cancels the run on the server, also for a tab that only follows it', async () => {
    const app = await heldServer();
    const first = await open(app.url);
    await sendChatMessage(first, 'Show me a cube');
    await first.locator('.db-widget-card').first().waitFor({ timeout: 20_000 });
    const second = await open(first.url());
    await second.getByRole('button', { name: 'Stop' }).click();
    await Promise.all([
      first.locator('.db-run-status__problem--stopped').waitFor({ timeout: 20_000 }),
      second.locator('.db-run-status__problem--stopped').waitFor({ timeout: 20_000 }),
    ]);
    expect((await app.listRuns()).map((run) => run.status)).toEqual(['cancelled']);
  });

  it('reconnects after going offline mid-reply and resumes where it left off', async () => {
    const app = await heldServer();
    const page = await open(app.url);
    await sendChatMessage(page, 'Show me a cube');
    await page.locator('.db-widget-card').first().waitFor({ timeout: 20_000 });
    await app.gate.reached;
    await page.context().setOffline(true);
    await page.getByText('Connection lost, reconnecting…').waitFor({ timeout: 20_000 });
    // The rest of the reply is produced while this page cannot hear it.
    app.gate.release();
    await page.context().setOffline(false);
    await page.locator('.db-run-status__done').waitFor({ timeout: 30_000 });
    const prose = await assistantProse(page);
    expect(prose.split(closingProse)).toHaveLength(2);
    expect(await page.locator('.db-widget-card').count()).toBe(1);
    const live = await transcriptText(page);
    await page.reload();
    await page.locator('.db-widget-card').first().waitFor({ timeout: 20_000 });
    await expect.poll(() => transcriptText(page)).toEqual(live);
  });
});
