import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AppServer,
  type OpenedPage,
  openAppPage,
  sendChatMessage,
  startAppServer,
} from './support/app-server.ts';

const liveLimit = 12;
/** Demo prompts that each draw a three.js scene (one WebGL context each). */
const scenePrompts = ['Show the solar system in 3D', 'Show a caffeine molecule', 'Show a DNA helix'];
const sceneCount = liveLimit + 3;

/** Widget frames other than the calculator's: every one of them holds a WebGL context. */
const sceneFrames = (page: Page, calculatorId: string | null) =>
  page.locator(`.db-widget-card:not([data-widget-id="${calculatorId}"]) iframe.db-widget-frame`);

describe('the WebGL budget among widgets without WebGL', () => {
  let server: AppServer;
  let opened: OpenedPage;

  beforeAll(async () => {
    server = await startAppServer();
    opened = await openAppPage(server.url);
  });

  afterAll(async () => {
    await opened?.close();
    await server?.close();
  });

  it('never releases a calculator, keeps what was typed, restores scenes scrolled back to and holds the limit', {
    timeout: 400_000,
  }, async () => {
    const { page } = opened;
    // Every release is logged in the page, so a calculator released and restored in between still shows.
    await page.evaluate(() => {
      const releases: string[] = [];
      Object.assign(window, { releases });
      new MutationObserver((records) => {
        for (const record of records)
          for (const node of record.addedNodes)
            if (node instanceof Element && node.matches('.db-widget-card__released'))
              releases.push(node.closest('.db-widget-card')?.getAttribute('data-widget-id') ?? '');
      }).observe(document.body, { childList: true, subtree: true });
    });
    await sendChatMessage(page, 'Show me a calculator');
    const calculatorCard = page.locator('.db-widget-card').first();
    await expect.poll(() => calculatorCard.getAttribute('data-rendered'), { timeout: 20_000 }).toBe('true');
    const calculatorId = await calculatorCard.getAttribute('data-widget-id');
    await page.locator('.db-run-status__running').waitFor({ state: 'detached', timeout: 20_000 });
    const calculator = calculatorCard.frameLocator('iframe.db-widget-frame');
    for (const key of ['4', '2']) await calculator.getByRole('button', { name: key, exact: true }).click();
    await expect.poll(() => calculator.getByRole('status', { name: 'Result' }).textContent()).toBe('42');

    let mostSceneFrames = 0;
    for (let index = 0; index < sceneCount; index += 1) {
      await sendChatMessage(page, scenePrompts[index % scenePrompts.length] ?? '');
      await expect.poll(() => page.locator('.db-widget-card').count(), { timeout: 20_000 }).toBe(index + 2);
      await page.locator('.db-run-status__running').waitFor({ state: 'detached', timeout: 20_000 });
      mostSceneFrames = Math.max(mostSceneFrames, await sceneFrames(page, calculatorId).count());
    }
    await expect
      .poll(() => page.locator('.db-widget-card').last().getAttribute('data-rendered'))
      .toBe('true');
    const released = page.locator('.db-widget-card:has(.db-widget-card__released)');
    await expect.poll(() => released.count()).toBe(sceneCount - liveLimit);
    expect(mostSceneFrames).toBeLessThanOrEqual(liveLimit);

    // Back at the top: the calculator was never released and still shows what was typed; the first scene,
    // released while off screen, restores itself now that it is in view.
    await calculatorCard.scrollIntoViewIfNeeded();
    const firstScene = page.locator('.db-widget-card').nth(1);
    await firstScene.scrollIntoViewIfNeeded();
    await firstScene.locator('iframe.db-widget-frame').waitFor({ timeout: 15_000 });
    await expect.poll(() => firstScene.getAttribute('data-rendered')).toBe('true');
    await calculatorCard.scrollIntoViewIfNeeded();
    expect(await calculator.getByRole('status', { name: 'Result' }).textContent()).toBe('42');
    expect(await page.evaluate(() => (window as unknown as { releases: string[] }).releases)).not.toContain(
      calculatorId,
    );
    expect(await sceneFrames(page, calculatorId).count()).toBeLessThanOrEqual(liveLimit);
    await expect.poll(() => released.count()).toBe(sceneCount - liveLimit);
  });
});
