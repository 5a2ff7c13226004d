import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { appPerTest } from './support/app-per-test.ts';
import { type OpenedPage, type StoreBackedAppServer, sendChatMessage } from './support/app-server.ts';
import { seriousAccessibilityViolations } from './support/axe-audit.ts';

const codeReply = fileURLToPath(new URL('./fixtures/code-reply.txt', import.meta.url));

interface StoredMessage {
  id: string;
  role: string;
  content: string;
  reply?: { model: string; inputTokens: number | null; outputTokens: number | null };
}

async function storedMessages(server: StoreBackedAppServer, threadId: string): Promise<StoredMessage[]> {
  const response = await fetch(`${server.url}/api/threads/${threadId}/messages`);
  return ((await response.json()) as { messages: StoredMessage[] }).messages;
}

function activeThreadId(page: Page): string {
  const threadId = /#\/t\/([\w-]+)/.exec(page.url())?.[1];
  if (threadId === undefined) throw new Error(`no thread in ${page.url()}`);
  return threadId;
}

/**
 * Sends a message and waits until its reply is over: a reply shows its actions only once it stopped
 * streaming, so there is one more assistant toolbar than before, and Send is back in place of Stop.
 */
async function sendAndSettle(page: Page, text: string): Promise<void> {
  const replyToolbars = page.getByRole('toolbar', { name: 'Assistant message actions' });
  const before = await replyToolbars.count();
  await sendChatMessage(page, text);
  await expect.poll(() => replyToolbars.count(), { timeout: 20_000 }).toBe(before + 1);
  await page.getByRole('button', { name: 'Send message' }).waitFor();
}

describe('editing a chat', () => {
  const app = appPerTest();
  let server: StoreBackedAppServer | undefined;
  let opened: OpenedPage | undefined;

  async function openChat(): Promise<Page> {
    server = await app.startServer({ model: { replayFile: codeReply } });
    opened = await app.openPage(server.url);
    await opened.page
      .context()
      .grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
    return opened.page;
  }

  it('titles a chat by its first sentence and renames it in the sidebar, kept after a reload', async () => {
    const page = await openChat();
    await sendAndSettle(page, 'Show me how to add two numbers. Use JavaScript and Python, please.');
    const link = page.locator('.thread__link').first();
    await expect.poll(() => link.textContent()).toBe('Show me how to add two numbers');
    // The whole title is the link's tooltip; the chat is one Tab stop, its actions in a menu.
    expect(await link.getAttribute('title')).toBe('Show me how to add two numbers');
    const tabStops = await page
      .locator('.thread')
      .first()
      .evaluate(
        (item) =>
          [...item.querySelectorAll<HTMLElement>('a, button, input')].filter((e) => e.tabIndex >= 0).length,
      );
    expect(tabStops).toBe(1);
    const menuButton = page.getByRole('button', {
      name: 'Actions for chat “Show me how to add two numbers”',
    });
    const rename = async () => {
      await menuButton.click();
      await page.getByRole('menuitem', { name: 'Rename' }).click();
    };
    const box = page.getByRole('textbox', { name: 'New name for “Show me how to add two numbers”' });
    const renames: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'PATCH') renames.push(request.postData() ?? '');
    });
    // Escape cancels: the box goes and nothing is sent (a fetch is issued at once, so none came).
    await rename();
    await box.fill('Not this');
    await box.press('Escape');
    await box.waitFor({ state: 'detached' });
    // A name past the limit is not cut silently: the box says so and stays open, and nothing is sent.
    await rename();
    await box.fill('A seventy-two character title for the caffeine molecule chat, exactly!!!');
    await box.press('Enter');
    expect(await page.locator('.thread__rename-count').textContent()).toBe(
      '72 characters: a name can have at most 60',
    );
    expect(await box.getAttribute('aria-invalid')).toBe('true');
    await box.fill('Adding numbers');
    await box.press('Enter');
    await expect.poll(() => link.textContent()).toBe('Adding numbers');
    await expect.poll(() => page.locator('.topbar__title').textContent()).toBe('Adding numbers');
    expect(renames).toEqual([JSON.stringify({ title: 'Adding numbers' })]);
    // Focus comes back to the chat's menu button, so the keyboard user is where they were.
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(
      'Actions for chat “Adding numbers”',
    );
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await page.reload();
    await expect.poll(() => page.locator('.thread__link').first().textContent()).toBe('Adding numbers');
  });

  it('searches chats by title and message text on the server, and opens a result', async () => {
    const page = await openChat();
    await sendAndSettle(page, 'Explain the solar system to me');
    const solarThread = activeThreadId(page);
    const created = await fetch(`${server?.url}/api/threads`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ title: 'Budget review' }),
    });
    expect(created.status).toBe(201);
    await page.getByRole('button', { name: 'New chat' }).click();
    await page.reload();
    const search = page.getByRole('searchbox', { name: 'Search chats' });
    await search.fill('SOLAR');
    const results = page.locator('.sidebar__results .thread');
    await expect.poll(() => results.count()).toBe(1);
    expect(await results.locator('.thread__title').textContent()).toBe('Explain the solar system to me');
    expect(await results.locator('.thread__title mark').textContent()).toBe('solar');
    await search.fill('sum');
    await expect.poll(() => results.locator('.thread__snippet').first().textContent()).toContain('the sum');
    // The match is marked, and the snippet shows it whole: not cut off past the sidebar's edge.
    const mark = results.locator('.thread__snippet mark').first();
    expect((await mark.textContent())?.toLowerCase()).toBe('sum');
    const snippetBox = await results.locator('.thread__snippet').first().boundingBox();
    const markBox = await mark.boundingBox();
    expect(markBox!.x + markBox!.width).toBeLessThanOrEqual(snippetBox!.x + snippetBox!.width);
    expect(markBox!.y + markBox!.height).toBeLessThanOrEqual(snippetBox!.y + snippetBox!.height + 1);
    await search.fill('budget');
    await expect.poll(() => results.locator('.thread__title').allTextContents()).toEqual(['Budget review']);
    await search.fill('no such words');
    await page.getByText('No chats match “no such words”.').waitFor();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await search.fill('solar');
    await results.locator('.thread__link').first().click();
    await expect.poll(() => page.url()).toContain(solarThread);
    await page.locator('.db-message--assistant .code-block').first().waitFor();
    await search.press('Escape');
    // The grouped list is back, both chats in it.
    await page.locator('.sidebar__results').waitFor({ state: 'detached' });
    await expect
      .poll(async () => (await page.locator('.sidebar__group .thread__title').allTextContents()).sort())
      .toEqual(['Budget review', 'Explain the solar system to me']);
  });

  it("copies a message and a whole reply, and shows the reply's model and tokens, live and after a reload", async () => {
    const page = await openChat();
    await sendAndSettle(page, 'Add two numbers');
    await page
      .getByRole('toolbar', { name: 'Your message actions' })
      .getByRole('button', { name: 'Copy message' })
      .click();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe('Add two numbers');
    await page
      .getByRole('toolbar', { name: 'Assistant message actions' })
      .getByRole('button', { name: 'Copy message' })
      .click();
    await expect
      .poll(() => page.evaluate(() => navigator.clipboard.readText()))
      .toContain('Here is a small function that adds two numbers.');
    const details = page.locator('.message-actions__details');
    await expect.poll(() => details.textContent()).toMatch(/^replay:.*code-reply\.txt · [\d,]+ tokens$/);
    const live = await details.textContent();
    const [stored] = (await storedMessages(server!, activeThreadId(page))).filter((message) => message.reply);
    expect(stored?.reply?.model).toMatch(/^replay:/);
    expect(stored?.reply?.outputTokens).toBeGreaterThan(0);
    await page.reload();
    await expect.poll(() => page.locator('.message-actions__details').textContent()).toBe(live);
  });

  it('regenerates a reply in place: the thread keeps one question and one answer', async () => {
    const page = await openChat();
    await sendAndSettle(page, 'Add two numbers');
    const threadId = activeThreadId(page);
    const before = await storedMessages(server!, threadId);
    await page.getByRole('button', { name: 'Regenerate reply' }).click();
    const runServer = server!;
    await expect
      .poll(async () => (await runServer.listRuns()).map((run) => run.status))
      .toEqual(['finished', 'finished']);
    await page.getByRole('button', { name: 'Regenerate reply' }).waitFor();
    const after = await storedMessages(runServer, threadId);
    expect(after.map((message) => message.role)).toEqual(['user', 'assistant']);
    expect(after[0]?.id).toBe(before[0]?.id);
    expect(after[1]?.id).not.toBe(before[1]?.id);
    expect(await page.locator('.message--user').count()).toBe(1);
    expect(await page.locator('.db-message--assistant').count()).toBe(1);
  });

  it('edits and resends a message: the new version and its reply are shown, on screen and on the server', async () => {
    const page = await openChat();
    await sendAndSettle(page, 'Add two numbers');
    await sendAndSettle(page, 'Now subtract them');
    const threadId = activeThreadId(page);
    await page.locator('.message--user').first().getByRole('button', { name: 'Edit message' }).click();
    const editor = page.getByRole('textbox', { name: 'Edited message' });
    expect(await editor.inputValue()).toBe('Add two numbers');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    // Escape cancels and gives focus back to Edit.
    await editor.press('Escape');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(
      'Edit message',
    );
    await page.locator('.message--user').first().getByRole('button', { name: 'Edit message' }).click();
    await editor.fill('Multiply two numbers');
    await editor.press('Enter');
    const runServer = server!;
    await expect.poll(async () => (await runServer.listRuns()).length).toBe(3);
    await expect.poll(async () => (await runServer.listRuns()).at(-1)?.status).toBe('finished');
    await page.getByRole('button', { name: 'Regenerate reply' }).waitFor();
    const stored = await storedMessages(runServer, threadId);
    expect(stored.map((message) => [message.role, message.role === 'user' ? message.content : ''])).toEqual([
      ['user', 'Multiply two numbers'],
      ['assistant', ''],
    ]);
    // The edited version is shown, and the earlier one is kept beside it (docs/web.md, *Branches*).
    expect(await page.locator('.message--user').count()).toBe(1);
    expect(await page.locator('.message--user').textContent()).toMatch(/^Multiply two numbers/);
    await expect
      .poll(() => page.locator('.message--user .branch-switcher__position').textContent())
      .toBe('2 / 2');
    expect(await page.locator('.db-message--assistant').count()).toBe(1);
    // The chat was named from its first message, so the edit renames it.
    await expect
      .poll(() => page.locator('.sidebar__list .thread--active').textContent())
      .toContain('Multiply two numbers');
  });
});
