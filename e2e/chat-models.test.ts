import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { appPerTest } from './support/app-per-test.ts';
import { sendChatMessage } from './support/app-server.ts';
import { seriousAccessibilityViolations } from './support/axe-audit.ts';

const replayFile = fileURLToPath(new URL('./fixtures/code-reply.txt', import.meta.url));
const replayModel = `replay:${replayFile}`;
const shots = process.env.DRAWBRIDGE_SHOTS;

const replyDetails = (page: Page) => page.locator('.message-actions__details');

describe('the model picker', () => {
  const app = appPerTest();

  it('sets each chat to a model of its own, keeps it across a reload, and names the model of each reply', async () => {
    const server = await app.startServer({ models: [replayModel] });
    const { page, pageErrors } = await app.openPage(server.url);
    const picker = page.getByRole('combobox', { name: 'Model' });
    await picker.waitFor();
    expect(await picker.locator('option').allTextContents()).toEqual(['demo (offline demo)', replayModel]);
    expect(await picker.inputValue()).toBe('demo');

    // Chosen before the first message: the chat that message creates runs the replay.
    await picker.selectOption(replayModel);
    await sendChatMessage(page, 'Add two numbers');
    await expect.poll(() => replyDetails(page).first().textContent()).toContain(replayModel);
    expect(await page.locator('.db-transcript').textContent()).toContain('adds two numbers');
    await page.getByRole('button', { name: 'Send message' }).waitFor();
    if (shots) await page.screenshot({ path: `${shots}/model-picker-1440.png` });

    // The chat keeps its model: a reload shows it, and the next reply is the replay's again.
    await page.reload();
    await expect.poll(() => picker.inputValue()).toBe(replayModel);

    // Switched to the demo, the chat's next reply is the demo's; the first keeps the replay's name.
    await picker.selectOption('demo');
    await expect.poll(async () => (await server.listThreadModels()).at(0)).toBe('demo');
    await sendChatMessage(page, 'Show me a bar chart of revenue by quarter');
    await expect.poll(() => replyDetails(page).count(), { timeout: 20_000 }).toBe(2);
    expect(await replyDetails(page).nth(0).textContent()).toContain(replayModel);
    expect(await replyDetails(page).nth(1).textContent()).toMatch(/^demo ·/);

    // A new chat starts on the server's default.
    await page.getByRole('button', { name: 'New chat' }).click();
    await page.reload();
    await expect.poll(() => picker.inputValue()).toBe('demo');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    expect(pageErrors).toEqual([]);
  });

  it('is a choice in the top bar on a phone too, and no choice with one model', async () => {
    const server = await app.startServer({ models: [replayModel] });
    const { page } = await app.openPage(server.url);
    await page.setViewportSize({ width: 390, height: 844 });
    const picker = page.getByRole('combobox', { name: 'Model' });
    await picker.waitFor();
    expect(await picker.isVisible()).toBe(true);
    const box = await picker.boundingBox();
    expect(box?.x ?? -1).toBeGreaterThanOrEqual(0);
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(390);
    if (shots) await page.screenshot({ path: `${shots}/model-picker-390.png` });

    const single = await app.startServer();
    const other = await app.openPage(single.url);
    await other.page.locator('.model-pill').waitFor();
    expect(await other.page.getByRole('combobox', { name: 'Model' }).count()).toBe(0);
  });
});
