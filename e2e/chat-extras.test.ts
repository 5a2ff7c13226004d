import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { appPerTest } from './support/app-per-test.ts';
import {
  type OpenedPage,
  openAppPage,
  type StoreBackedAppServer,
  sendChatMessage,
  waitForWidgetFrame,
} from './support/app-server.ts';
import { seriousAccessibilityViolations } from './support/axe-audit.ts';

const fixture = (name: string) => fileURLToPath(new URL(`./fixtures/${name}`, import.meta.url));

const focusedLabel = (page: Page) =>
  page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.id ?? '');

describe('code blocks, fullscreen widgets, shortcuts and long pastes', () => {
  const app = appPerTest();
  let server: StoreBackedAppServer | undefined;
  let opened: OpenedPage | undefined;

  async function openChat(replayFile: string, colorScheme: 'light' | 'dark' = 'light'): Promise<OpenedPage> {
    server = await app.startServer({ model: { replayFile: fixture(replayFile) } });
    opened = await openAppPage(server.url, { colorScheme });
    await opened.page
      .context()
      .grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
    return opened;
  }

  for (const colorScheme of ['light', 'dark'] as const) {
    it(`colours code blocks with a highlighter loaded on demand and copies their code (${colorScheme})`, async () => {
      const { page, pageErrors } = await openChat('code-reply.txt', colorScheme);
      const highlighterRequests: string[] = [];
      page.on('request', (request) => {
        if (/\/assets\/highlight-code-[\w-]+\.js$/.test(request.url()))
          highlighterRequests.push(request.url());
      });
      await page.locator('#composer-input').waitFor();
      expect(highlighterRequests).toEqual([]);
      await sendChatMessage(page, 'Add two numbers');
      const jsBlock = page.locator('.code-block').first();
      await jsBlock.locator('.hljs-keyword').first().waitFor({ timeout: 20_000 });
      expect(highlighterRequests).toHaveLength(1);
      expect(await jsBlock.locator('.code-block__language').textContent()).toBe('js');
      expect(await jsBlock.locator('.hljs-comment').textContent()).toBe('// the sum');
      await page.locator('.code-block').nth(1).locator('.hljs-keyword').first().waitFor();
      await jsBlock.getByRole('button', { name: 'Copy js code' }).click();
      await expect
        .poll(() => page.evaluate(() => navigator.clipboard.readText()))
        .toBe('function add(a, b) {\n  return a + b; // the sum\n}\n');
      await page.getByRole('button', { name: 'Send message' }).waitFor();
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
      // The page's CSP held: a blocked style or script would have logged a violation.
      expect(pageErrors).toEqual([]);
    });
  }

  it('shows a widget fullscreen in the same frame; Escape leaves and focus returns to the button', async () => {
    const { page } = await openChat('form-widget.txt');
    await sendChatMessage(page, 'Book a table');
    await page.locator('.db-widget-card[data-rendered="true"]').waitFor({ timeout: 30_000 });
    const frame = await waitForWidgetFrame(page);
    await frame.locator('#attendee').fill('Ada');
    const frameElement = await page.locator('iframe.db-widget-frame').elementHandle();
    await page.getByRole('button', { name: 'Fullscreen' }).click();
    await expect
      .poll(() => page.evaluate(() => document.fullscreenElement?.className))
      .toBe('db-widget-card');
    const exit = page.getByRole('button', { name: 'Exit fullscreen' });
    expect(await exit.getAttribute('aria-pressed')).toBe('true');
    const frameBox = await page.locator('iframe.db-widget-frame').boundingBox();
    expect(frameBox?.height).toBeGreaterThan(600);
    // The same element and document: what the user typed is still there.
    expect(
      await page.evaluate(
        (element) => element === document.querySelector('iframe.db-widget-frame'),
        frameElement,
      ),
    ).toBe(true);
    expect(await frame.locator('#attendee').inputValue()).toBe('Ada');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await exit.focus();
    await page.keyboard.press('Escape');
    await expect.poll(() => page.evaluate(() => document.fullscreenElement)).toBeNull();
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Fullscreen');
    expect(await frame.locator('#attendee').inputValue()).toBe('Ada');
  });

  it('opens the keyboard shortcut sheet with ? and Ctrl+/, closes it with Escape and gives focus back', async () => {
    const { page } = await openChat('code-reply.txt');
    const sheet = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await page.locator('#composer-input').waitFor();
    await page.getByRole('button', { name: 'Keyboard shortcuts' }).focus();
    await page.keyboard.press('Shift+?');
    await sheet.waitFor();
    for (const listed of ['New chat', 'Search chats', 'Send the message', 'Cancel the edit']) {
      expect(await sheet.getByText(listed, { exact: true }).count()).toBe(1);
    }
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await sheet.waitFor({ state: 'detached' });
    expect(await focusedLabel(page)).toBe('Keyboard shortcuts');
    // In the message box, ? is a character and Ctrl+/ opens the sheet.
    await page.locator('#composer-input').focus();
    await page.keyboard.type('why?');
    expect(await sheet.count()).toBe(0);
    expect(await page.locator('#composer-input').inputValue()).toBe('why?');
    await page.keyboard.press('Control+/');
    await sheet.waitFor();
    await sheet.getByRole('button', { name: 'Close keyboard shortcuts' }).click();
    await sheet.waitFor({ state: 'detached' });
    expect(await focusedLabel(page)).toBe('composer-input');
    // The shortcuts the sheet lists do what it says.
    await page.keyboard.press('Control+k');
    expect(await focusedLabel(page)).toBe('chat-search');
    await page.keyboard.press('Control+Shift+O');
    expect(await focusedLabel(page)).toBe('composer-input');
  });

  it('turns a long paste into a block in the composer and a collapsed one in the sent message', async () => {
    const { page } = await openChat('code-reply.txt');
    const pasted = Array.from({ length: 300 }, (_, index) => `log line ${index + 1}: all good`).join('\n');
    const composer = page.locator('#composer-input');
    await composer.focus();
    await page.evaluate((text) => {
      const data = new DataTransfer();
      data.setData('text/plain', text);
      document
        .getElementById('composer-input')
        ?.dispatchEvent(
          new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
        );
    }, pasted);
    const attachment = page.getByRole('list', { name: 'Pasted text to send' }).getByRole('listitem');
    await attachment.waitFor();
    expect(await attachment.textContent()).toContain('300 lines');
    expect(await composer.inputValue()).toBe('');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await composer.fill('What do these logs say?');
    await composer.press('Enter');
    const sent = page.locator('.message--user');
    const block = sent.locator('details.db-pasted-block');
    await block.waitFor();
    expect(await attachment.count()).toBe(0);
    expect(await sent.locator('.message__user-text').textContent()).toBe('What do these logs say?');
    expect(await block.evaluate((element) => (element as HTMLDetailsElement).open)).toBe(false);
    expect((await sent.boundingBox())?.height).toBeLessThan(200);
    await block.locator('summary').click();
    await expect.poll(() => block.evaluate((element) => (element as HTMLDetailsElement).open)).toBe(true);
    expect(await block.locator('pre').textContent()).toBe(pasted);
    await page.getByRole('button', { name: 'Send message' }).waitFor({ timeout: 20_000 });
    const threadId = /#\/t\/([\w-]+)/.exec(page.url())?.[1];
    const stored = (await (await fetch(`${server?.url}/api/threads/${threadId}/messages`)).json()) as {
      messages: { role: string; content: string }[];
    };
    expect(stored.messages[0]?.content).toBe(`What do these logs say?\n\n\`\`\`\n${pasted}\n\`\`\``);
    // A reload shows the same block.
    await page.reload();
    await page.locator('.message--user details.db-pasted-block').waitFor();
  });
});
