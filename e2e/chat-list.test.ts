import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type StoreBackedAppServer, sendChatMessage, startAppServer } from './support/app-server.ts';
import { seriousAccessibilityViolations } from './support/axe-audit.ts';
import { launchBrowser } from './support/browser.ts';
import {
  chatListNow,
  chatListSeedGroups,
  chatListTimeZone,
  importChatAt,
  seedChatList,
  settableClock,
} from './support/chat-list-seed.ts';

let browser: Browser;
const closers: Array<() => Promise<void>> = [];

beforeAll(async () => {
  browser = await launchBrowser();
});

afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
});

afterAll(async () => {
  await browser?.close();
});

async function startSeededServer(options: { holdBefore?: string } = {}) {
  const clock = settableClock();
  const server = await startAppServer({ storeClock: clock.now, pace: 200, ...options });
  closers.push(() => server.close());
  return { server, clock };
}

/** A page in the user's zone with the browser's clock stopped at `now` (timers still run). */
async function openAt(
  server: StoreBackedAppServer,
  {
    now = chatListNow,
    phone = false,
    colorScheme = 'light',
    hash = '',
  }: { now?: Date; phone?: boolean; colorScheme?: 'light' | 'dark'; hash?: string } = {},
): Promise<Page> {
  const context: BrowserContext = await browser.newContext({
    viewport: phone ? { width: 390, height: 844 } : { width: 1440, height: 900 },
    ...(phone ? { isMobile: true, hasTouch: true } : {}),
    colorScheme,
    timezoneId: chatListTimeZone,
  });
  closers.push(() => context.close());
  const page = await context.newPage();
  await page.clock.setFixedTime(now);
  await page.goto(`${server.url}/${hash}`);
  return page;
}

/** The list as a reader meets it: each heading with its chats, from the lists labelled by those headings. */
async function shownGroups(page: Page): Promise<string[]> {
  const lists = page.getByRole('navigation', { name: 'Chats' }).getByRole('list');
  return lists.evaluateAll((elements) =>
    elements.map((list) => {
      const heading = document.getElementById(list.getAttribute('aria-labelledby') ?? '')?.textContent;
      const titles = [...list.querySelectorAll('.thread__title')].map((title) => title.textContent);
      return `${heading}: ${titles.join(', ')}`;
    }),
  );
}

async function listedOnServer(server: StoreBackedAppServer, query = '') {
  const response = await fetch(`${server.url}/api/threads${query}`);
  return ((await response.json()) as { threads: { title: string; pinnedAt: string | null }[] }).threads;
}

const focusedText = (page: Page) => page.evaluate(() => document.activeElement?.textContent ?? '');

describe('the chat list', () => {
  it("groups chats by their last activity in the browser's time zone: Today, Yesterday, 7 and 30 days, months", async () => {
    const { server, clock } = await startSeededServer();
    await seedChatList(server, clock);
    for (const colorScheme of ['light', 'dark'] as const) {
      const desktop = await openAt(server, { colorScheme });
      await expect.poll(() => shownGroups(desktop)).toEqual(chatListSeedGroups);
      // Each heading names its list for a screen reader.
      const yesterday = desktop.getByRole('list', { name: 'Yesterday' });
      expect(await yesterday.getByRole('link').allTextContents()).toEqual(['Trip to Lisbon']);
      expect(await seriousAccessibilityViolations(desktop)).toEqual([]);

      const phone = await openAt(server, { phone: true, colorScheme });
      await phone.getByRole('button', { name: 'Chats' }).click();
      await phone.locator('.sidebar--open').waitFor();
      await expect.poll(() => shownGroups(phone)).toEqual(chatListSeedGroups);
      // A touch screen shows every chat's "⋯": Pin and Archive are a tap away.
      expect(
        await phone.getByRole('button', { name: 'Actions for chat “Tax notes”' }).evaluate((button) => {
          return getComputedStyle(button).opacity;
        }),
      ).toBe('1');
    }
  });

  it('pins a chat from its menu by keyboard to a Pinned group on top, kept after a reload, and unpins it', async () => {
    const { server, clock } = await startSeededServer();
    await seedChatList(server, clock);
    const page = await openAt(server);
    const caffeine = page.getByRole('link', { name: 'Caffeine molecule' });
    await caffeine.focus();
    await page.keyboard.press('Shift+F10');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    expect(await focusedText(page)).toBe('Pin');
    await page.keyboard.press('Enter');
    await expect
      .poll(() => shownGroups(page))
      .toEqual([
        'Pinned: Caffeine molecule',
        ...chatListSeedGroups.filter((group) => !group.startsWith('Previous 30 days')),
      ]);
    // Focus followed the chat to its new place, so the keyboard goes on from there.
    await expect.poll(() => focusedText(page)).toBe('Caffeine molecule');
    const pinned = (await listedOnServer(server)).find((thread) => thread.title === 'Caffeine molecule');
    expect(pinned?.pinnedAt).toEqual(expect.any(String));

    await page.reload();
    await expect.poll(async () => (await shownGroups(page))[0]).toBe('Pinned: Caffeine molecule');
    await page.getByRole('link', { name: 'Caffeine molecule' }).focus();
    await page.keyboard.press('Shift+F10');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    expect(await focusedText(page)).toBe('Unpin');
    // Delete is still the menu's last item, End away.
    await page.keyboard.press('End');
    expect(await focusedText(page)).toBe('Delete');
    await page.keyboard.press('Home');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    expect(await focusedText(page)).toBe('Unpin');
    await page.keyboard.press('Enter');
    await expect.poll(() => shownGroups(page)).toEqual(chatListSeedGroups);
    await expect.poll(() => focusedText(page)).toBe('Caffeine molecule');
  });

  it('archives a chat out of the list and its search; the Archived view opens, unarchives and deletes it', async () => {
    const { server, clock } = await startSeededServer();
    await seedChatList(server, clock);
    const page = await openAt(server);
    await expect.poll(() => shownGroups(page)).toEqual(chatListSeedGroups);
    expect(await page.getByRole('button', { name: /^Archived chats/ }).count()).toBe(0);

    await page.getByRole('link', { name: 'Trip to Lisbon' }).hover();
    await page.getByRole('button', { name: 'Actions for chat “Trip to Lisbon”' }).click();
    await page.getByRole('menuitem', { name: 'Archive' }).click();
    // Its group had only it: the heading goes too.
    await expect
      .poll(() => shownGroups(page))
      .toEqual(chatListSeedGroups.filter((group) => !group.startsWith('Yesterday')));
    expect((await listedOnServer(server, '?archived=true')).map((thread) => thread.title)).toEqual([
      'Trip to Lisbon',
    ]);

    // Search finds the listed chats only.
    const search = page.getByRole('searchbox', { name: 'Search chats' });
    await search.fill('Lisbon');
    await page.getByText('No chats match “Lisbon”.').waitFor();
    await search.fill('Solar');
    await page.locator('.sidebar__results .thread__title', { hasText: 'Solar system' }).waitFor();
    await search.press('Escape');
    await expect.poll(() => shownGroups(page)).toHaveLength(5);

    await page.getByRole('button', { name: 'Archived chats (1)' }).click();
    await page.getByRole('heading', { name: 'Archived chats' }).waitFor();
    const archived = page.getByRole('link', { name: 'Trip to Lisbon' });
    await archived.click();
    await page.getByRole('heading', { level: 1, name: 'Trip to Lisbon' }).waitFor();
    await page.locator('.message--user', { hasText: 'Tell me about Trip to Lisbon.' }).waitFor();

    // By its link, after a reload, the archived chat still opens, with its title; the list shows the chats.
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Trip to Lisbon' }).waitFor();
    await page.locator('.message--user', { hasText: 'Tell me about Trip to Lisbon.' }).waitFor();
    const archivedNote = page.getByRole('status').filter({ hasText: 'This chat is archived' });
    await archivedNote.waitFor();
    await expect.poll(() => shownGroups(page)).toHaveLength(5);

    await page.getByRole('link', { name: 'Old poems' }).focus();
    await page.keyboard.press('Shift+F10');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    expect(await focusedText(page)).toBe('Archive');
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Archived chats (2)' }).waitFor();
    // The last chat left the list: focus went to the one before it.
    await expect.poll(() => focusedText(page)).toBe('Tax notes');
    // The open chat stays open, out of the list.
    await page.getByRole('heading', { level: 1, name: 'Trip to Lisbon' }).waitFor();
    await page.getByRole('button', { name: 'Archived chats (2)' }).click();
    await expect
      .poll(() => page.getByRole('list', { name: 'Archived chats' }).getByRole('link').allTextContents())
      .toEqual(['Trip to Lisbon', 'Old poems']);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    await page.getByRole('link', { name: 'Trip to Lisbon' }).hover();
    await page.getByRole('button', { name: 'Actions for chat “Trip to Lisbon”' }).click();
    await page.getByRole('menu').waitFor();
    expect(await page.getByRole('menu').getByRole('menuitem').allTextContents()).toEqual([
      'Rename',
      'Share…',
      'Unarchive',
      'Export as Markdown',
      'Export as HTML',
      'Export as JSON',
      'Delete',
    ]);
    await page.getByRole('menuitem', { name: 'Unarchive' }).click();
    await archivedNote.waitFor({ state: 'detached' });
    await expect
      .poll(() => page.getByRole('list', { name: 'Archived chats' }).getByRole('link').allTextContents())
      .toEqual(['Old poems']);

    await page.getByRole('link', { name: 'Old poems' }).hover();
    await page.getByRole('button', { name: 'Actions for chat “Old poems”' }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    await page.getByRole('status').getByText('Deleted “Old poems”.').waitFor();
    await page.getByText('No archived chats.').waitFor();
    await expect.poll(() => listedOnServer(server, '?archived=true'), { timeout: 15_000 }).toEqual([]);

    await page.getByRole('button', { name: '← Back to chats' }).click();
    const afterDeletion = chatListSeedGroups.filter((group) => !group.startsWith('November 2025'));
    await expect.poll(() => shownGroups(page)).toEqual(afterDeletion);

    // Archived while open, the chat says so over its transcript, and brings itself back.
    await page.getByRole('link', { name: 'Trip to Lisbon' }).hover();
    await page.getByRole('button', { name: 'Actions for chat “Trip to Lisbon”' }).click();
    await page.getByRole('menuitem', { name: 'Archive' }).click();
    await archivedNote.waitFor();
    await page.getByRole('button', { name: 'Unarchive' }).click();
    await archivedNote.waitFor({ state: 'detached' });
    await expect.poll(() => shownGroups(page)).toEqual(afterDeletion);
  });

  it('keeps the groups still while a reply streams: the chat moves to Today when its message is sent, once', async () => {
    const { server, clock } = await startSeededServer({ holdBefore: 'OPENAI_API_KEY`' });
    // The browser's clock stopped at the real time, so the message sent is dated today.
    const now = new Date();
    const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000);
    await importChatAt({ server, clock, title: 'Solar system', at: daysAgo(4) });
    await importChatAt({ server, clock, title: 'Caffeine molecule', at: daysAgo(20) });
    const page = await openAt(server, { now });
    await expect
      .poll(() => shownGroups(page))
      .toEqual(['Previous 7 days: Solar system', 'Previous 30 days: Caffeine molecule']);

    await page.getByRole('link', { name: 'Solar system' }).click();
    await page.locator('.message--user', { hasText: 'Tell me about Solar system.' }).waitFor();
    await sendChatMessage(page, 'xyzzy plugh');
    await server.gate.reached;
    const whileStreaming = ['Today: Solar system', 'Previous 30 days: Caffeine molecule'];
    await expect.poll(() => shownGroups(page)).toEqual(whileStreaming);
    // Watched from here to the reply's end: the list is never drawn otherwise.
    await page.evaluate(() => {
      const seen: string[] = [];
      (window as { seenGroupHeadings?: string[] }).seenGroupHeadings = seen;
      const nav = document.getElementById('chat-list');
      if (!nav) return;
      new MutationObserver(() => {
        const headings = [...nav.querySelectorAll('.sidebar__group h2')].map(
          (heading) => heading.textContent,
        );
        const key = headings.join(' | ');
        if (seen.at(-1) !== key) seen.push(key);
      }).observe(nav, { childList: true, subtree: true, characterData: true });
    });
    server.gate.release();
    await page.locator('.db-run-status__done').waitFor({ timeout: 30_000 });
    await expect.poll(() => shownGroups(page)).toEqual(whileStreaming);
    const seen = await page.evaluate(() => (window as { seenGroupHeadings?: string[] }).seenGroupHeadings);
    expect(seen?.every((key) => key === 'Today | Previous 30 days')).toBe(true);
  });
});
