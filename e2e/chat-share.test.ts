import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { parseConfig } from '../packages/server/src/config/parse-config.ts';
import { startServer } from '../packages/server/src/node-server/start-server.ts';
import { appPerTest } from './support/app-per-test.ts';
import { sendChatMessage } from './support/app-server.ts';
import { launchBrowser } from './support/browser.ts';

const shots = '/work/wt/shots/share-links';

/** The shared page's widget frame: the page's sandboxed frame holds the standalone shell, which holds the widget. */
function sharedWidget(page: Page, index = 0) {
  return page.frameLocator('iframe').nth(index).frameLocator('iframe').first();
}

async function drawCalculator(page: Page): Promise<void> {
  await page.locator('#composer-input').waitFor();
  await sendChatMessage(page, 'Make me a calculator');
  await page.locator('.db-widget-card[data-rendered="true"]').waitFor({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Send message' }).waitFor();
}

describe('sharing by link', () => {
  const app = appPerTest();

  it('shares a chat from its menu: the link is copied, anyone reads a sandboxed copy of it, and Revoke makes it a 404', async () => {
    const server = await app.startServer();
    const { page, pageErrors } = await app.openPage(server.url);
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
    await page.setViewportSize({ width: 1440, height: 900 });
    await drawCalculator(page);

    await page.locator('.thread__menu-button').first().click({ force: true });
    await page.getByRole('menuitem', { name: 'Share…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Share chat' });
    await dialog.getByText('No links yet.').waitFor();
    await dialog.getByRole('button', { name: 'Create and copy link' }).click();
    const linkBox = dialog.getByRole('textbox', { name: 'The new link' });
    await linkBox.waitFor();
    const link = await linkBox.inputValue();
    expect(link).toMatch(new RegExp(`^${server.url}/share/[A-Za-z0-9_-]{43}$`));
    await dialog.getByText('The link is on your clipboard.').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
    await expect
      .poll(() => dialog.locator('.share-dialog__row').allTextContents())
      .toEqual([expect.stringContaining('Whole chat')]);
    await page.screenshot({ path: `${shots}/share-dialog-1440.png` });
    await dialog.getByRole('button', { name: 'Close sharing' }).click();

    // The chat goes on after the link was made; the link keeps the chat as it was.
    await sendChatMessage(page, 'a tally counter');
    await page.locator('.db-widget-card[data-rendered="true"]').nth(1).waitFor({ timeout: 30_000 });

    // A reader with nothing of the owner's: a fresh context, light and dark.
    for (const colorScheme of ['light', 'dark'] as const) {
      const reader = await app.openPage(link, { colorScheme });
      await reader.page.setViewportSize({ width: 1440, height: 900 });
      const { page: shared } = reader;
      await shared.getByRole('heading', { level: 1 }).waitFor();
      expect(await shared.locator('.note').textContent()).toMatch(
        /^A chat shared from Drawbridge · read-only copy made /,
      );
      expect(await shared.locator('.prose').first().textContent()).toBe('Make me a calculator');
      expect(await shared.content()).not.toContain('a tally counter');
      expect(await shared.locator('iframe').first().getAttribute('sandbox')).toBe(
        'allow-scripts allow-forms',
      );
      // The widget runs: the calculator's keys are drawn by its own script, inside the sandbox.
      await expect
        .poll(() => sharedWidget(shared).locator('button').count(), { timeout: 15_000 })
        .toBeGreaterThan(5);
      // Its document has an opaque origin and no reach into the page.
      const origin = await shared.frames()[2]?.evaluate(() => window.origin);
      expect(origin).toBe('null');
      // The widget follows the reader's light or dark setting, as the page around it does.
      expect(await shared.frames()[2]?.evaluate(() => document.documentElement.dataset.theme)).toBe(
        colorScheme,
      );
      // Nothing to act with: no composer, no chat list, no form, no link back into the app.
      expect(await shared.locator('textarea, form, input, .sidebar, a').count()).toBe(0);
      await shared.screenshot({ path: `${shots}/shared-chat-1440-${colorScheme}.png`, fullPage: true });
      expect(reader.pageErrors).toEqual([]);
    }

    // Revoke it from the same dialog: the page is a 404 at once.
    await page.locator('.thread__menu-button').first().click({ force: true });
    await page.getByRole('menuitem', { name: 'Share…' }).click();
    await dialog.locator('.share-dialog__row').first().waitFor();
    await dialog.getByRole('button', { name: /^Revoke the link made / }).click();
    await dialog.getByText('No links yet.').waitFor();
    const gone = await app.openPage('about:blank');
    const response = await gone.page.goto(link);
    expect(response?.status()).toBe(404);
    await gone.page.getByRole('heading', { name: 'This link does not exist' }).waitFor();
    expect(pageErrors).toEqual([]);
  });

  it('shares one widget from its toolbar on a phone, and the shared page fits the phone', async () => {
    const server = await app.startServer();
    const { page, pageErrors } = await app.openPage(server.url);
    await page.setViewportSize({ width: 390, height: 844 });
    await drawCalculator(page);

    const card = page.locator('.db-widget-card').first();
    await card.getByRole('button', { name: 'Share…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Share widget' });
    await dialog.getByRole('button', { name: 'Create and copy link' }).click();
    const link = await dialog.getByRole('textbox', { name: 'The new link' }).inputValue();
    await expect
      .poll(() => dialog.locator('.share-dialog__row').allTextContents())
      .toEqual([expect.stringMatching(/^Widget: /)]);
    const dialogBox = await dialog.boundingBox();
    expect(dialogBox?.width).toBeLessThanOrEqual(390);
    await page.screenshot({ path: `${shots}/share-widget-dialog-390.png` });

    const reader = await app.openPage(link);
    await reader.page.setViewportSize({ width: 390, height: 844 });
    const shared = reader.page;
    await shared.getByRole('heading', { level: 1 }).waitFor();
    expect(await shared.locator('.note').textContent()).toMatch(/^A widget shared from Drawbridge/);
    expect(await shared.locator('.prose').count()).toBe(0);
    await expect
      .poll(() => sharedWidget(shared).locator('button').count(), { timeout: 15_000 })
      .toBeGreaterThan(5);
    // One column: nothing runs off the side of the phone.
    expect(await shared.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await shared.screenshot({ path: `${shots}/shared-widget-390.png`, fullPage: true });
    expect(reader.pageErrors).toEqual([]);

    // The whole chat's page on a phone, in the dark: one column, the widget inside it.
    const threadId = new URL(page.url()).hash.replace('#/t/', '');
    const chatPath = await page.evaluate(async (id) => {
      const response = await fetch(`/api/threads/${id}/shares`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      });
      return ((await response.json()) as { path: string }).path;
    }, threadId);
    const chatReader = await app.openPage(`${server.url}${chatPath}`, { colorScheme: 'dark' });
    await chatReader.page.setViewportSize({ width: 390, height: 844 });
    await chatReader.page.locator('.prose', { hasText: 'Make me a calculator' }).waitFor();
    await expect
      .poll(() => sharedWidget(chatReader.page).locator('button').count(), { timeout: 15_000 })
      .toBeGreaterThan(5);
    expect(await chatReader.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
    await chatReader.page.screenshot({ path: `${shots}/shared-chat-390-dark.png`, fullPage: true });
    expect(chatReader.pageErrors).toEqual([]);
    expect(pageErrors).toEqual([]);
  });
});

describe('sharing in a sign-in mode', () => {
  it('lets only the owner share, list and revoke: another user’s chat, link or list is a 404, as is an unknown or revoked link', async () => {
    const directory = await mkdtemp(join(tmpdir(), 'drawbridge-share-'));
    const server = await startServer({
      config: parseConfig({
        server: { port: 0 },
        model: { id: 'demo', demoPace: 0 },
        store: { sqlitePath: join(directory, 'drawbridge.db') },
        auth: { modes: ['proxy'], proxy: { trustedProxies: ['loopback'] } },
      }),
    });
    const browser = await launchBrowser();
    try {
      const visitor = async (email?: string) => {
        const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
        // The proxy's user header goes on the API's requests only, as a proxy in front of the app adds it:
        // on the frame's module scripts (requested from an opaque origin) it would ask for a CORS preflight.
        if (email !== undefined) {
          await context.route('**/api/**', (route) =>
            route.continue({ headers: { ...route.request().headers(), 'x-forwarded-email': email } }),
          );
        }
        return context.newPage();
      };
      const api = (page: Page, path: string, method = 'GET', body?: unknown) =>
        page.evaluate(
          async ({ path, method, body }) => {
            const response = await fetch(path, {
              method,
              ...(body === undefined
                ? {}
                : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
            });
            return { status: response.status, body: await response.text() };
          },
          { path, method, body },
        );

      const ada = await visitor('ada@example.com');
      await ada.goto(server.url);
      await drawCalculator(ada);
      const threadId = new URL(ada.url()).hash.replace('#/t/', '');
      expect(threadId).toMatch(/^[A-Za-z0-9_-]+$/);
      await ada.locator('.thread__menu-button').first().click({ force: true });
      await ada.getByRole('menuitem', { name: 'Share…' }).click();
      const dialog = ada.getByRole('dialog', { name: 'Share chat' });
      await dialog.getByRole('button', { name: 'Create and copy link' }).click();
      const link = await dialog.getByRole('textbox', { name: 'The new link' }).inputValue();
      const listed = JSON.parse((await api(ada, '/api/shares')).body) as { shares: { id: string }[] };
      expect(listed.shares).toHaveLength(1);
      const shareId = listed.shares[0]!.id;

      const grace = await visitor('grace@example.com');
      await grace.goto(server.url);
      await grace.locator('#composer-input').waitFor();
      const refusals = [
        await api(grace, `/api/threads/${threadId}/shares`, 'POST', {}),
        await api(grace, `/api/shares/${shareId}`, 'DELETE'),
      ];
      expect(refusals.map((refusal) => refusal.status)).toEqual([404, 404]);
      expect(JSON.parse(refusals[0]!.body)).toMatchObject({ error: { code: 'thread_not_found' } });
      expect(JSON.parse(refusals[1]!.body)).toMatchObject({ error: { code: 'share_not_found' } });
      expect(JSON.parse((await api(grace, '/api/shares')).body)).toEqual({ shares: [] });
      expect(JSON.parse((await api(grace, `/api/shares?threadId=${threadId}`)).body)).toEqual({ shares: [] });

      // Nobody signed in: the link reads; the API does not.
      const nobody = await visitor();
      expect((await nobody.goto(link))?.status()).toBe(200);
      await expect
        .poll(() => sharedWidget(nobody).locator('button').count(), { timeout: 15_000 })
        .toBeGreaterThan(5);
      // The shared page's own policy lets nothing on it reach the API.
      await expect(api(nobody, '/api/shares')).rejects.toThrow(/Failed to fetch/);
      await nobody.goto(server.url);
      expect((await api(nobody, '/api/shares')).status).toBe(401);
      expect((await api(nobody, `/api/threads/${threadId}/shares`, 'POST', {})).status).toBe(401);
      expect((await nobody.goto(`${server.url}/share/${'A'.repeat(43)}`))?.status()).toBe(404);

      // Grace's refused revoke changed nothing; Ada's own revoke ends the link.
      expect((await nobody.goto(link))?.status()).toBe(200);
      // Ada's Account page lists her links of every chat; Revoke there ends this one.
      await dialog.getByRole('button', { name: 'Close sharing' }).click();
      await ada.getByRole('link', { name: 'ada@example.com' }).click();
      const links = ada.getByRole('list', { name: 'Your shared links' });
      await expect
        .poll(() => links.getByRole('listitem').allTextContents())
        .toEqual([expect.stringContaining('Whole chat · made ')]);
      for (const size of [
        { width: 1440, height: 900 },
        { width: 390, height: 844 },
      ]) {
        await ada.setViewportSize(size);
        expect(await ada.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
          size.width,
        );
        await ada.screenshot({ path: `${shots}/account-shared-links-${size.width}.png`, fullPage: true });
      }
      await links.getByRole('button', { name: /^Revoke the link to / }).click();
      await ada.getByText('You have not shared anything.').waitFor();
      expect((await nobody.goto(link))?.status()).toBe(404);
    } finally {
      await browser.close();
      await server.close();
      await rm(directory, { recursive: true, force: true });
    }
  });
});
