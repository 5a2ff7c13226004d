import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { appPerTest } from './support/app-per-test.ts';
import { sendChatMessage, waitForWidgetFrame } from './support/app-server.ts';

const threeScene = fileURLToPath(new URL('./fixtures/three-scene.txt', import.meta.url));

/** A widget stopped part-way says how far it got, with no spinner and no empty reserved space, then and after a reload. */
describe('a widget whose reply was stopped before it finished', () => {
  const app = appPerTest();

  /** Asks for the cube, holds the reply just before `holdBefore` and presses Stop there. */
  async function stopBefore(holdBefore: string): Promise<Page> {
    const server = await app.startServer({ model: { replayFile: threeScene }, holdBefore });
    const { page } = await app.openPage(server.url);
    await sendChatMessage(page, 'Show me a cube');
    await server.gate.reached;
    await page.locator('.db-widget-card').waitFor();
    await page.getByRole('button', { name: 'Stop' }).click();
    await page.locator('.db-run-status__problem--stopped').waitFor({ timeout: 30_000 });
    return page;
  }

  async function expectStoppedCard(page: Page, note: string): Promise<void> {
    const card = page.locator('.db-widget-card');
    await expect.poll(() => card.locator('.db-widget-card__stopped-note').textContent()).toBe(note);
    expect(await card.locator('.db-widget-card__spinner').count()).toBe(0);
    expect(await card.locator('.db-widget-card__phase').count()).toBe(0);
  }

  it('with nothing drawn yet: a note instead of an empty frame of the reserved height', async () => {
    const page = await stopBefore('@@HTML@@');
    for (const moment of ['stopped', 'reloaded']) {
      if (moment === 'reloaded') await page.reload();
      await expectStoppedCard(page, 'Stopped before any of this widget was drawn.');
      expect(await page.locator('.db-widget-card__frame').isVisible(), moment).toBe(false);
      // The card is its toolbar and the note: far from the 460 px the model reserved.
      const height = await page
        .locator('.db-widget-card')
        .evaluate((card) => card.getBoundingClientRect().height);
      expect(height, moment).toBeLessThan(120);
    }
  });

  /** The frame's height and what its widget needs, once they agree (the frame eases to a new height). */
  async function settledFrameHeight(page: Page): Promise<number> {
    const frame = await waitForWidgetFrame(page);
    let height = 0;
    await expect
      .poll(async () => {
        height = await page
          .locator('iframe.db-widget-frame')
          .evaluate((element) => element.getBoundingClientRect().height);
        const needed = await frame.evaluate(() =>
          Math.ceil(document.getElementById('widget-root')!.getBoundingClientRect().height),
        );
        return Math.abs(height - needed) <= 1;
      })
      .toBe(true);
    return height;
  }

  it('stopped while its markup streamed: says it is incomplete, sized to what it drew, not the height reserved', async () => {
    const page = await stopBefore('Orbit marker 2:');
    for (const moment of ['stopped', 'reloaded']) {
      if (moment === 'reloaded') await page.reload();
      await expectStoppedCard(
        page,
        'Stopped while it was being drawn: it is incomplete, and its script never ran.',
      );
      // A heading, the canvas and one legend line: well short of the 460 px the model reserved.
      expect(await settledFrameHeight(page), moment).toBeLessThan(440);
    }
  });

  it('stopped while its script streamed: says its controls do nothing', async () => {
    const page = await stopBefore('@@END@@');
    for (const moment of ['stopped', 'reloaded']) {
      if (moment === 'reloaded') await page.reload();
      await expectStoppedCard(
        page,
        'Stopped before its script ran: it may look finished, but its buttons and controls do nothing.',
      );
      await settledFrameHeight(page);
      expect(await page.locator('.db-widget-card').getAttribute('data-rendered'), moment).toBe('false');
    }
  });
});
