import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { startAppServer } from './support/app-server.ts';
import { launchBrowser } from './support/browser.ts';
import { chatListNow, chatListTimeZone, seedChatList, settableClock } from './support/chat-list-seed.ts';

/**
 * Run with `npx tsx e2e/chat-list-screenshots.ts <folder>` after `npm run build`; writes chat-list-*.png there:
 * the grouped list with a pinned chat, its menu open, the Archived view and an archived chat open, at desktop
 * and phone sizes, light and dark, from the chats of `chat-list-seed.ts` seen at its fixed time.
 */
async function main(): Promise<void> {
  const folder = process.argv[2];
  if (folder === undefined) throw new Error('usage: npx tsx e2e/chat-list-screenshots.ts <folder>');
  await mkdir(folder, { recursive: true });
  const clock = settableClock();
  const server = await startAppServer({ storeClock: clock.now });
  const browser = await launchBrowser();
  try {
    const ids = await seedChatList(server, clock);
    const place = (title: string, body: object) =>
      fetch(`${server.url}/api/threads/${ids.get(title)}`, {
        method: 'PATCH',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      });
    await place('Caffeine molecule', { pinned: true });
    await place('Tax notes', { archived: true });
    for (const size of ['desktop', 'phone'] as const) {
      for (const colorScheme of ['light', 'dark'] as const) {
        const context = await browser.newContext({
          viewport: size === 'phone' ? { width: 390, height: 844 } : { width: 1440, height: 900 },
          ...(size === 'phone' ? { isMobile: true, hasTouch: true } : {}),
          colorScheme,
          timezoneId: chatListTimeZone,
        });
        const page = await context.newPage();
        await page.clock.setFixedTime(chatListNow);
        await page.goto(`${server.url}/#/t/${ids.get('Budget review')}`);
        await page.locator('.message--user').waitFor();
        if (size === 'phone') {
          await page.getByRole('button', { name: 'Chats' }).click();
          await page.locator('.sidebar--open').waitFor();
        }
        await page.getByRole('list', { name: 'Pinned' }).waitFor();
        const shot = async (name: string) => {
          // The phone's drawer slides in and out: each picture waits for it to stop.
          await page.waitForFunction(() =>
            document.getAnimations().every((animation) => animation.playState !== 'running'),
          );
          await page.screenshot({ path: join(folder, `chat-list-${name}-${size}-${colorScheme}.png`) });
        };
        await shot('groups');
        await page.getByRole('button', { name: 'Actions for chat “Trip to Lisbon”' }).click();
        await page.getByRole('menu').waitFor();
        await shot('menu');
        await page.keyboard.press('Escape');
        await page.getByRole('button', { name: 'Archived chats (1)' }).click();
        await page.getByRole('list', { name: 'Archived chats' }).waitFor();
        await shot('archived');
        await page.getByRole('link', { name: 'Tax notes' }).click();
        await page.getByRole('status').filter({ hasText: 'This chat is archived' }).waitFor();
        await shot('archived-chat');
        await context.close();
      }
    }
  } finally {
    await browser.close();
    await server.close();
  }
}

await main();
