import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { appPerTest } from './support/app-per-test.ts';
import { sendChatMessage } from './support/app-server.ts';
import { seriousAccessibilityViolations } from './support/axe-audit.ts';

const shots = process.env.DRAWBRIDGE_SHOTS;

/** Sends a message and waits until its reply is over (one more reply toolbar, Send back in place of Stop). */
async function sendAndSettle(page: Page, text: string): Promise<void> {
  const replyToolbars = page.getByRole('toolbar', { name: 'Assistant message actions' });
  const before = await replyToolbars.count();
  await sendChatMessage(page, text);
  await expect.poll(() => replyToolbars.count(), { timeout: 20_000 }).toBe(before + 1);
  await page.getByRole('button', { name: 'Send message' }).waitFor();
}

const versionOf = (page: Page, noun: 'message' | 'reply') =>
  page.getByRole('group', { name: `Versions of this ${noun}` }).locator('.branch-switcher__position');

/** Editing and regenerating keep the earlier versions: ‹ 1 / 2 › switches between them and their replies. */
describe('branches', () => {
  const app = appPerTest();

  it('keeps the message an edit replaced, with its reply, and switches back to it; reload keeps the choice', async () => {
    const server = await app.startServer();
    const { page, pageErrors } = await app.openPage(server.url);
    await sendAndSettle(page, 'Show me a counter');
    await page.locator('.db-widget-card').waitFor();
    await page.locator('.message--user').getByRole('button', { name: 'Edit message' }).click();
    const editor = page.getByRole('textbox', { name: 'Edited message' });
    await editor.fill('How do widgets stream?');
    await editor.press('Enter');
    await expect.poll(() => versionOf(page, 'message').textContent(), { timeout: 20_000 }).toBe('2 / 2');
    await page.getByRole('button', { name: 'Send message' }).waitFor();
    expect(await page.locator('.db-message--assistant').textContent()).toContain(
      'A widget is just text I write',
    );
    expect(await page.locator('.db-widget-card').count()).toBe(0);
    if (shots) await page.screenshot({ path: `${shots}/branches-edited-1280.png` });

    // Back to the first version: its reply, the counter, comes with it.
    await page.getByRole('button', { name: 'Previous version of this message' }).click();
    await expect.poll(() => versionOf(page, 'message').textContent()).toBe('1 / 2');
    await page.locator('.db-widget-card').waitFor();
    expect(await page.locator('.message--user').textContent()).toContain('Show me a counter');

    // The model reads the branch on screen: "make it dark" edits this branch's counter.
    await sendAndSettle(page, 'make it dark');
    expect(await page.locator('.db-message--assistant').last().textContent()).toContain(
      'Gave it a dark look',
    );

    // A reload shows the branch chosen, with its switcher.
    await page.reload();
    await expect.poll(() => versionOf(page, 'message').textContent(), { timeout: 20_000 }).toBe('1 / 2');
    expect(await page.locator('.message--user').first().textContent()).toContain('Show me a counter');
    expect(await page.locator('.message--user').count()).toBe(2);
    await page.getByRole('button', { name: 'Next version of this message' }).click();
    await expect.poll(() => versionOf(page, 'message').textContent()).toBe('2 / 2');
    expect(await page.locator('.message--user').count()).toBe(1);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    expect(pageErrors).toEqual([]);
  });

  it('keeps a regenerated reply beside the new one, and switches between them', async () => {
    const server = await app.startServer();
    const { page } = await app.openPage(server.url);
    await sendAndSettle(page, 'How do widgets stream?');
    const firstReply = (await page.locator('.db-message--assistant').textContent()) ?? '';
    await page.getByRole('button', { name: 'Regenerate reply' }).click();
    await expect.poll(() => versionOf(page, 'reply').textContent(), { timeout: 20_000 }).toBe('2 / 2');
    await page.getByRole('button', { name: 'Previous version of this reply' }).click();
    await expect.poll(() => versionOf(page, 'reply').textContent()).toBe('1 / 2');
    expect(await page.locator('.db-message--assistant').count()).toBe(1);
    expect(await page.locator('.db-message--assistant').textContent()).toContain(firstReply.slice(0, 40));
    await page.setViewportSize({ width: 390, height: 844 });
    await page.waitForFunction(() =>
      document.getAnimations().every((animation) => animation.playState !== 'running'),
    );
    if (shots) await page.screenshot({ path: `${shots}/branches-reply-390.png` });
    const switcher = await page.getByRole('group', { name: 'Versions of this reply' }).boundingBox();
    expect((switcher?.x ?? -1) >= 0 && (switcher?.x ?? 0) + (switcher?.width ?? 0) <= 390).toBe(true);
    await page.setViewportSize({ width: 1440, height: 900 });
    if (shots) await page.screenshot({ path: `${shots}/branches-reply-1440.png` });
  });
});
