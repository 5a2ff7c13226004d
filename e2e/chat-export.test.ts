import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { appPerTest } from './support/app-per-test.ts';
import { sendChatMessage } from './support/app-server.ts';

const shots = '/work/wt/shots/chat-files';

describe('exporting and importing a chat', () => {
  const app = appPerTest();

  it('exports a chat from its menu as Markdown, HTML (its widget live in a sandboxed frame) and JSON, and imports the JSON as a new chat', async () => {
    const server = await app.startServer();
    const { page, pageErrors } = await app.openPage(server.url);
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.locator('#composer-input').waitFor();
    await sendChatMessage(page, 'Make me a calculator');
    await page.locator('.db-widget-card[data-rendered="true"]').waitFor({ timeout: 30_000 });
    await page.getByRole('button', { name: 'Send message' }).waitFor();

    const download = async (label: string) => {
      await page.locator('.thread__menu-button').first().click({ force: true });
      const [file] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('menuitem', { name: label }).click(),
      ]);
      return { name: file.suggestedFilename(), text: await readFile((await file.path()) ?? '', 'utf8') };
    };
    await page.locator('.thread__menu-button').first().click({ force: true });
    await page.screenshot({ path: `${shots}/export-menu-1440.png` });
    await page.keyboard.press('Escape');

    const markdown = await download('Export as Markdown');
    expect(markdown.name).toMatch(/\.md$/);
    expect(markdown.text).toMatch(/^# .+\n\n## You\n\n> Make me a calculator\n\n## Assistant\n/);
    expect(markdown.text).toContain('*[Widget: ');

    const html = await download('Export as HTML');
    expect(html.name).toMatch(/\.html$/);
    const json = await download('Export as JSON');
    expect(JSON.parse(json.text)).toMatchObject({ format: 'drawbridge.thread', version: 1 });

    // The HTML file works from disk: its widget runs inside a sandboxed frame, the page itself runs nothing.
    const exported = await app.openPage('about:blank');
    await exported.page.setContent(html.text);
    const widgetFrame = exported.page.frameLocator('iframe').first().frameLocator('iframe').first();
    await expect.poll(() => widgetFrame.locator('button').count(), { timeout: 15_000 }).toBeGreaterThan(5);
    expect(await exported.page.locator('iframe').first().getAttribute('sandbox')).toBe(
      'allow-scripts allow-forms',
    );
    await exported.page.screenshot({ path: `${shots}/export-html-1440.png` });

    // Importing the JSON makes a second chat with the same messages, and opens it.
    await page.locator('.sidebar input[type="file"]').setInputFiles({
      name: json.name,
      mimeType: 'application/json',
      buffer: Buffer.from(json.text),
    });
    await expect.poll(() => page.locator('.sidebar__list li').count()).toBe(2);
    await page.locator('.db-widget-card[data-rendered="true"]').waitFor({ timeout: 30_000 });
    expect(await page.locator('.message--user').first().textContent()).toContain('Make me a calculator');
    expect(pageErrors).toEqual([]);
  });

  it('says why a file that is not an export was not imported, on a phone', async () => {
    const server = await app.startServer();
    const { page } = await app.openPage(server.url);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.locator('#composer-input').waitFor();
    await page.getByRole('button', { name: 'Chats', exact: true }).click();
    await page.locator('.sidebar input[type="file"]').setInputFiles({
      name: 'notes.json',
      mimeType: 'application/json',
      buffer: Buffer.from('{"not":"an export"}'),
    });
    await expect
      .poll(() => page.locator('[role="alert"]').allTextContents())
      .toContainEqual(expect.stringContaining('This file is not a chat exported as JSON'));
    await page.screenshot({ path: `${shots}/import-refused-390.png` });
  });
});
