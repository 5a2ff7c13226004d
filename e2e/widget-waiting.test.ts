import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { appPerTest } from './support/app-per-test.ts';
import { sendChatMessage } from './support/app-server.ts';

const threeScene = fileURLToPath(new URL('./fixtures/three-scene.txt', import.meta.url));

const waitingFrame = (page: Page) => page.locator('.db-widget-card__frame--waiting');

describe('a widget whose markup has not begun', () => {
  const app = appPerTest();

  /** A reply that waits before its markup: the widget has its height and styles, and nothing to show yet. */
  async function askHeldBeforeMarkup() {
    const server = await app.startServer({ model: { replayFile: threeScene }, holdBefore: '@@HTML@@' });
    const { page } = await app.openPage(server.url);
    await sendChatMessage(page, 'Show me a cube');
    await server.gate.reached;
    await waitingFrame(page).waitFor();
    return { server, page };
  }

  it('shimmers at its reserved height, seen through the frame, until its first markup arrives', async () => {
    const { server, page } = await askHeldBeforeMarkup();
    // Polled: the frame eases to the model's height over a short transition.
    await expect
      .poll(() =>
        waitingFrame(page).evaluate((container) => ({
          animation: getComputedStyle(container).animationName,
          height: container.getBoundingClientRect().height,
          frameHeight: container.querySelector('iframe')?.getBoundingClientRect().height,
        })),
      )
      .toEqual({ animation: 'db-shimmer', height: 460, frameHeight: 460 });
    // The band moves, and the still-empty frame over it lets it show: a later look differs from the first.
    const first = await waitingFrame(page).screenshot();
    await expect.poll(async () => (await waitingFrame(page).screenshot()).equals(first)).toBe(false);

    server.gate.release();
    await expect.poll(() => waitingFrame(page).count()).toBe(0);
    await page.locator('.db-widget-card[data-rendered="true"]').waitFor({ timeout: 30_000 });
    expect(await page.locator('.db-widget-card__frame').count()).toBe(1);
  });

  it('stops shimmering when the reply is stopped before any markup', async () => {
    const { page } = await askHeldBeforeMarkup();
    await page.getByRole('button', { name: 'Stop' }).click();
    await page.locator('.db-run-status__problem--stopped').waitFor();
    expect(await waitingFrame(page).count()).toBe(0);
    expect(await page.locator('.db-widget-card__stopped-note').textContent()).toBe(
      'Stopped before any of this widget was drawn.',
    );
    expect(await page.locator('.db-widget-card__spinner').count()).toBe(0);
  });
});
