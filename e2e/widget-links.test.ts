import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { BrowserContext, Frame, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { appPerTest } from './support/app-per-test.ts';
import { sendChatMessage, waitForWidgetFrame } from './support/app-server.ts';

const replayFile = fileURLToPath(new URL('./fixtures/link-widget.txt', import.meta.url));
const shots = '/work/wt/shots/hardening';

/**
 * `host.openLink` once opened tabs with no click in the widget (the activation left from pressing Enter), 36 of
 * them from one widget, and to `https://user:pass@host/`. Now: a click in that widget for each link, at most five
 * per widget, no user info, and a host not on the trusted list (`trusted.test` here) shows where it goes first.
 */
describe('links a widget opens', () => {
  const app = appPerTest();

  /** The page with the link widget drawn, and every tab it opens (their sites answered locally). */
  async function linkWidget(): Promise<{
    page: Page;
    frame: Frame;
    opened: string[];
    pageErrors: string[];
    chatInFront(): Promise<void>;
  }> {
    const server = await app.startServer({ model: { replayFile }, trustedLinkHosts: ['trusted.test'] });
    const { page, pageErrors } = await app.openPage(server.url);
    const context: BrowserContext = page.context();
    await context.route(/^https:\/\/(trusted|elsewhere)\.test\//, (route) =>
      route.fulfill({ status: 200, contentType: 'text/html', body: '<p>elsewhere</p>' }),
    );
    // Each tab is closed once it loaded, so the chat is the page in front again (a page behind others gets its
    // animation frames throttled, and every click waits for some).
    const opened: string[] = [];
    const tabsInFront = new Set<Promise<void>>();
    context.on('page', (tab) => {
      // Counted as it opens (before it loads), so no tab can open unseen.
      opened.push('opening');
      const index = opened.length - 1;
      const handled = tab
        .waitForLoadState()
        .then(async () => {
          opened[index] = tab.url();
          await tab.close();
          await page.bringToFront();
        })
        .catch((error: unknown) => {
          // A test can end, closing its pages, while a tab it opened still loads: nothing left to check then.
          // Otherwise the failure shows where the tab's address would be, for the test's assertions to see.
          if (!page.isClosed()) opened[index] = `failed: ${String(error)}`;
        })
        .finally(() => tabsInFront.delete(handled));
      tabsInFront.add(handled);
    });
    /** Until every tab opened so far is closed and the chat is in front again: then a click in it lands. */
    const chatInFront = async () => {
      while (tabsInFront.size > 0) await Promise.all(tabsInFront);
    };
    await sendChatMessage(page, 'Links');
    await page.locator('.db-widget-card[data-rendered="true"]').waitFor({ timeout: 30_000 });
    return { page, frame: await waitForWidgetFrame(page), opened, pageErrors, chatInFront };
  }

  const text = (frame: Frame, selector: string) => frame.locator(selector).textContent();

  it('opens nothing without a click in the widget, from user info, or from a message widget code posts itself', async () => {
    const { frame, opened } = await linkWidget();
    await expect
      .poll(() => text(frame, '#on-arrival'))
      .toBe('refused: A link opens only from a click in the widget.');

    await frame.locator('#userinfo').click();
    await expect
      .poll(() => text(frame, '#userinfo-result'))
      .toBe('refused: A link with a user name or password in it is not opened.');

    await frame.locator('#forged').click();
    await expect
      .poll(() => text(frame, '#forged-result'))
      .toMatch(/^refused: A link opens only through host\.openLink/);

    await frame.locator('#steal').click();
    await expect.poll(() => text(frame, '#steal-result')).toBe('init without a port');
    expect(opened).toEqual([]);
  });

  it('opens one tab per click, and at most five for one widget: 36 clicks open five', async () => {
    const { frame, opened, chatInFront } = await linkWidget();
    for (let click = 1; click <= 36; click += 1) {
      await frame.locator('#trusted').click();
      await expect
        .poll(async () => JSON.parse((await text(frame, '#trusted-result')) || '[]').length)
        .toBe(click);
      // A tab this click opened (the first five do) is in front of the chat until it is closed: the next click
      // waits for that.
      await expect.poll(() => opened.length).toBe(Math.min(click, 5));
      await chatInFront();
    }
    const outcomes = JSON.parse((await text(frame, '#trusted-result')) ?? '[]') as string[];
    expect(outcomes.slice(0, 5)).toEqual(Array(5).fill('opened'));
    expect(new Set(outcomes.slice(5))).toEqual(
      new Set(['refused: A widget may open at most 5 links per page load.']),
    );
    await expect
      .poll(() => opened)
      .toEqual([1, 2, 3, 4, 5].map((number) => `https://trusted.test/${number}`));
  });

  it('shows where a link to a host not on the trusted list goes, and opens it only when the user agrees', async () => {
    const { page, frame, opened, pageErrors } = await linkWidget();
    await frame.locator('#untrusted').click();
    const dialog = page.getByRole('dialog', { name: 'Leave Drawbridge for another site?' });
    await dialog.waitFor();
    expect(await dialog.locator('.db-link-dialog__host').textContent()).toBe('elsewhere.test');
    expect(await dialog.locator('.db-link-dialog__url').textContent()).toBe(
      'https://elsewhere.test/account/settings?tab=export&ref=widget',
    );
    // Cancel has the focus: Enter pressed by habit does not leave.
    expect(
      await dialog
        .getByRole('button', { name: 'Cancel' })
        .evaluate((button) => button === document.activeElement),
    ).toBe(true);
    await mkdir(shots, { recursive: true });
    await page.screenshot({ path: `${shots}/link-dialog-desktop.png` });
    // The layout moves between its phone and desktop forms with transitions (the chat list becomes a drawer and
    // back): wait for them to end before a shot, and before a click in the frame, whose place they move (a click
    // aimed at a frame's element is placed before it lands, and the frame sliding under it makes it miss).
    const layoutSettled = () =>
      page.waitForFunction(() =>
        document.getAnimations().every((animation) => animation.playState !== 'running'),
      );
    await page.setViewportSize({ width: 390, height: 844 });
    await layoutSettled();
    await page.screenshot({ path: `${shots}/link-dialog-phone.png` });
    await page.setViewportSize({ width: 1280, height: 900 });
    await layoutSettled();

    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect
      .poll(() => text(frame, '#untrusted-result'))
      .toBe('refused: The user did not open the link.');
    expect(opened).toEqual([]);

    await frame.locator('#untrusted').click();
    await dialog.getByRole('button', { name: 'Open elsewhere.test' }).click();
    await expect.poll(() => text(frame, '#untrusted-result')).toBe('opened');
    await expect
      .poll(() => opened)
      .toEqual(['https://elsewhere.test/account/settings?tab=export&ref=widget']);
    expect(pageErrors).toEqual([]);
  });
});
