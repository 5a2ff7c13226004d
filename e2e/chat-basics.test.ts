import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppServer, openAppPage, sendChatMessage, startAppServer } from './support/app-server.ts';
import { launchBrowser } from './support/browser.ts';

let browser: Browser;
let server: AppServer;
/** For tests that need whole replies first: fast, but still streaming over many events. */
let fasterServer: AppServer;

beforeAll(async () => {
  browser = await launchBrowser();
  // Slow enough that a reply is still running when the test presses Stop.
  server = await startAppServer({ pace: 40 });
  fasterServer = await startAppServer({ pace: 150 });
});

afterAll(async () => {
  await server?.close();
  await fasterServer?.close();
  await browser?.close();
});

async function userMessagesStored(): Promise<string[]> {
  const threads = (await (await fetch(`${server.url}/api/threads`)).json()) as { threads: { id: string }[] };
  const texts: string[] = [];
  for (const thread of threads.threads) {
    const response = await fetch(`${server.url}/api/threads/${thread.id}/messages`);
    const body = (await response.json()) as { messages: { role: string; content: string }[] };
    texts.push(
      ...body.messages.filter((message) => message.role === 'user').map((message) => message.content),
    );
  }
  return texts;
}

describe('the composer', () => {
  it('stops the reply and keeps the draft when Stop is clicked with text in the box', async () => {
    const opened = await openAppPage(server.url, { browser });
    const { page } = opened;
    await sendChatMessage(page, 'a 3D solar system');
    await page.getByRole('button', { name: 'Stop' }).waitFor();
    await page.locator('#composer-input').fill('a draft I am still writing');
    await page.getByRole('button', { name: 'Stop' }).click();
    await page.locator('.db-run-status__problem--stopped').waitFor();
    expect(await page.locator('.message--user').count()).toBe(1);
    expect(await page.locator('#composer-input').inputValue()).toBe('a draft I am still writing');
    expect(await userMessagesStored()).not.toContain('a draft I am still writing');
    await opened.close();
  });
});

describe('the skip link', () => {
  it('moves focus to the message box without leaving the thread', async () => {
    const opened = await openAppPage(server.url, { browser });
    const { page } = opened;
    await sendChatMessage(page, 'what can you do?');
    await page.waitForFunction(() => window.location.hash.startsWith('#/t/'));
    await page.getByRole('button', { name: 'Stop' }).waitFor({ state: 'detached', timeout: 60_000 });
    const hash = await page.evaluate(() => window.location.hash);
    await page.locator('.skip-link').focus();
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('composer-input');
    expect(await page.evaluate(() => window.location.hash)).toBe(hash);
    const threadsBefore = await page.locator('.sidebar__list .thread').count();
    await page.keyboard.type('and a follow-up');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator('.message--user').count()).toBe(2);
    expect(await page.evaluate(() => window.location.hash)).toBe(hash);
    expect(await page.locator('.sidebar__list .thread').count()).toBe(threadsBefore);
    await opened.close();
  });
});

describe('a typed table on a phone', () => {
  it('writes years without a separator and scrolls sideways instead of cutting cells', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true });
    const page = await context.newPage();
    await page.goto(server.url);
    await sendChatMessage(page, 'a table of programming languages');
    const table = page.locator('.agent-table').first();
    await table.getByText('Python').waitFor({ timeout: 60_000 });
    const text = (await table.textContent()) ?? '';
    expect(text).toContain('1991');
    expect(text).not.toContain('1,991');
    const layout = await table.locator('.agent-table__scroll').evaluate((scroll) => {
      const cells = [...scroll.querySelectorAll('td')];
      return {
        scrolls: scroll.scrollWidth > scroll.clientWidth,
        cutCells: cells.filter((cell) => cell.scrollWidth > cell.clientWidth).map((cell) => cell.textContent),
      };
    });
    expect(layout).toEqual({ scrolls: true, cutCells: [] });
    await context.close();
  });
});

describe('deleting a chat', () => {
  async function storedThreadTitles(): Promise<string[]> {
    const body = (await (await fetch(`${server.url}/api/threads`)).json()) as {
      threads: { title: string }[];
    };
    return body.threads.map((thread) => thread.title);
  }

  it('hides it at once, offers Undo, and deletes it on the server only when the undo window passed', async () => {
    const opened = await openAppPage(server.url, { browser });
    const { page } = opened;
    await sendChatMessage(page, 'keep me: what can you do?');
    await page.getByRole('button', { name: 'Stop' }).waitFor({ state: 'detached', timeout: 60_000 });
    const title = (await storedThreadTitles()).find((candidate) => candidate.startsWith('keep me'));
    if (title === undefined) throw new Error('The chat was not stored.');
    const entry = page.locator('.sidebar__list .thread', { hasText: title });
    await entry.getByRole('button', { name: /^Actions for chat/ }).click();
    await entry.getByRole('menuitem', { name: 'Delete' }).click();
    await entry.waitFor({ state: 'detached' });
    await page.getByRole('status').getByText(`Deleted “${title}”.`).waitFor();
    await page.getByRole('button', { name: 'Undo' }).click();
    await entry.waitFor();
    expect(await storedThreadTitles()).toContain(title);

    // By keyboard: the chat's link, → to its menu button, Enter opens the menu, End to Delete (its last item,
    // after Rename and the three exports).
    await entry.locator('.thread__link').focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Enter');
    await page.keyboard.press('End');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Delete');
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Undo' }).waitFor();
    expect(await storedThreadTitles()).toContain(title);
    await page.getByRole('button', { name: 'Undo' }).waitFor({ state: 'detached', timeout: 15_000 });
    await expect.poll(storedThreadTitles).not.toContain(title);
    await opened.close();
  });
});

describe('following the reply', () => {
  const distanceFromBottom = (page: import('playwright-core').Page) =>
    page
      .locator('#transcript')
      .evaluate((scroller) => scroller.scrollHeight - scroller.scrollTop - scroller.clientHeight);

  it('brings a sent message into view, stops following when scrolled up, and jumps back on request', {
    timeout: 120_000,
  }, async () => {
    const opened = await openAppPage(fasterServer.url, { browser });
    const { page } = opened;
    // A short window, so one reply already fills more than a screen.
    await page.setViewportSize({ width: 1280, height: 600 });
    for (const prompt of ['a revenue chart', 'what can you do?']) {
      await sendChatMessage(page, prompt);
      await page.getByRole('button', { name: 'Stop' }).waitFor({ state: 'detached', timeout: 90_000 });
    }
    // Scrolled the way a reader does, with the wheel, over the transcript beside the column (not over a
    // widget, whose canvas would take the wheel for itself).
    const jump = page.getByRole('button', { name: 'Jump to latest' });
    const scrollUpUntilReading = async (by: number) => {
      const box = await page.locator('#transcript').boundingBox();
      if (box === null) throw new Error('The transcript is not laid out.');
      await page.mouse.move(box.x + 24, box.y + box.height / 2);
      await page.mouse.wheel(0, by);
      await jump.waitFor();
    };
    await scrollUpUntilReading(-20_000);

    await sendChatMessage(page, 'a 3D solar system');
    const sent = page.locator('.message--user').last();
    await expect.poll(() => sent.textContent()).toBe('a 3D solar system');
    await expect.poll(() => sent.isVisible()).toBe(true);
    const inView = await sent.evaluate((element) => {
      const box = element.getBoundingClientRect();
      const scroller = document.getElementById('transcript')!.getBoundingClientRect();
      return box.top >= scroller.top && box.bottom <= scroller.bottom;
    });
    expect(inView).toBe(true);

    // Scrolled up while the reply streams: the view stays where the reader put it.
    await scrollUpUntilReading(-400);
    const readingAt = await page.locator('#transcript').evaluate((scroller) => scroller.scrollTop);
    const reply = page.locator('.db-message--assistant').last();
    const lengthThen = ((await reply.textContent()) ?? '').length;
    await expect
      .poll(async () => ((await reply.textContent()) ?? '').length, { timeout: 30_000 })
      .toBeGreaterThan(lengthThen);
    expect(await page.locator('#transcript').evaluate((scroller) => scroller.scrollTop)).toBe(readingAt);
    await jump.click();
    await expect.poll(() => distanceFromBottom(page)).toBeLessThan(120);
    await jump.waitFor({ state: 'detached' });

    // The reply grows in the moment between a jump and the scroll event it causes (a widget reporting
    // its height does that): still following, so the view catches up instead of stopping short.
    await scrollUpUntilReading(-400);
    await page.evaluate(() => {
      (document.querySelector('.db-jump-to-latest') as HTMLButtonElement).click();
      (document.querySelector('.db-transcript__column') as HTMLElement).style.paddingBottom = '900px';
    });
    await expect.poll(() => distanceFromBottom(page)).toBeLessThan(120);
    expect(await jump.count()).toBe(0);
    await opened.close();
  });
});

describe('on a phone', () => {
  it('reaches the chats through a drawer, shows the whole title and lets the demo notice be dismissed', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true });
    const page = await context.newPage();
    await page.goto(server.url);
    const title = page.locator('.topbar__title');
    expect(await title.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
    expect(await title.textContent()).toBe('New chat');

    // The demo notice keeps to one line.
    const notice = page.locator('.demo-banner summary');
    const noticeLines = await notice.evaluate(
      (summary) =>
        summary.getBoundingClientRect().height / Number.parseFloat(getComputedStyle(summary).lineHeight),
    );
    expect(noticeLines).toBeLessThan(1.9);

    await sendChatMessage(page, 'what can you do?');
    await page.getByRole('button', { name: 'Stop' }).waitFor({ state: 'detached', timeout: 60_000 });
    // A reply takes the column's width: no avatar gutter pushes it in from the left.
    const replyLeft = await page
      .locator('.db-message--assistant .prose')
      .first()
      .evaluate((prose) => {
        const column = document.querySelector('.db-transcript__column')!.getBoundingClientRect();
        return prose.getBoundingClientRect().left - column.left;
      });
    expect(replyLeft).toBeLessThanOrEqual(20);
    const chatList = page.getByRole('navigation', { name: 'Chats' });
    expect(await chatList.isVisible()).toBe(false);
    await page.getByRole('button', { name: 'Chats' }).click();
    await chatList.getByRole('button', { name: 'New chat' }).waitFor();
    await chatList.getByRole('button', { name: 'New chat' }).click();
    await expect.poll(() => chatList.isVisible()).toBe(false);
    expect(await page.locator('.message').count()).toBe(0);

    await page.getByRole('button', { name: 'Chats' }).click();
    await chatList.locator('.thread__link').first().click();
    await expect.poll(() => chatList.isVisible()).toBe(false);
    await page.locator('.message--user').first().waitFor();

    await page.getByRole('button', { name: 'Chats' }).click();
    await chatList.getByRole('button', { name: 'New chat' }).waitFor();
    await page.keyboard.press('Escape');
    await expect.poll(() => chatList.isVisible()).toBe(false);

    await page.getByRole('button', { name: 'Dismiss the demo notice' }).click();
    await page.locator('.demo-banner').waitFor({ state: 'detached' });
    await page.reload();
    await page.locator('.topbar__title').waitFor();
    expect(await page.locator('.demo-banner').count()).toBe(0);
    await context.close();
  });
});

describe('the widget toolbar', () => {
  it('is reachable without hover, never over the widget, and copies runnable HTML', async () => {
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: fasterServer.url });
    const page = await context.newPage();
    await page.goto(fasterServer.url);
    await sendChatMessage(page, 'a calculator');
    await page.getByRole('button', { name: 'Stop' }).waitFor({ state: 'detached', timeout: 90_000 });
    const card = page.locator('.db-widget-card').first();
    const copy = card.getByRole('button', { name: 'Copy HTML' });
    expect(await copy.isVisible()).toBe(true);
    const frameBox = await card.locator('iframe.db-widget-frame').boundingBox();
    const toolbarBox = await card.getByRole('toolbar').boundingBox();
    if (frameBox === null || toolbarBox === null)
      throw new Error('The widget or its toolbar is not laid out.');
    expect(toolbarBox.y).toBeGreaterThanOrEqual(frameBox.y + frameBox.height);
    await copy.tap();
    // The clipboard, not the button's "Copied" (1.6 s), which a loaded machine may look for after it has gone.
    await expect
      .poll(() => page.evaluate(() => navigator.clipboard.readText()), { timeout: 30_000 })
      .toContain('<title>Calculator</title>');
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied.startsWith('<!doctype html>')).toBe(true);
    expect(copied).toContain('<iframe sandbox="allow-scripts allow-forms"');
    expect(copied).not.toContain('@@HTML@@');
    // The file is named and titled for the widget, not for its id.
    expect(copied).toContain('<title>Calculator</title>');
    const download = await card.locator('a', { hasText: 'Download HTML' }).getAttribute('href');
    const disposition = await page.evaluate(
      async (url) => (await fetch(url!)).headers.get('content-disposition'),
      download,
    );
    expect(disposition).toBe('attachment; filename="calculator.html"');

    // View source: each part coloured, with a Copy button, and nothing sliding sideways on a phone.
    await card.getByRole('button', { name: 'View source' }).tap();
    const dialog = page.locator('dialog.db-source-dialog[open]');
    await dialog.getByRole('tab', { name: /JavaScript/ }).tap();
    await dialog.locator('.hljs-keyword').first().waitFor();
    expect(await dialog.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
    const script = (await dialog.locator('pre code').textContent()) ?? '';
    expect(script).toContain("document.querySelector('.calculator')");
    await dialog.getByRole('button', { name: 'Copy javascript code' }).tap();
    // The clipboard, not the button's brief "Copied", which may have gone by the time a loaded machine looks.
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(script);
    await context.close();
  });
});
