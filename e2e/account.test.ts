import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { parseConfig } from '../packages/server/src/config/parse-config.ts';
import { type RunningServer, startServer } from '../packages/server/src/node-server/start-server.ts';
import { findFreePort } from '../test-support/free-port.ts';
import { type LocalSmtpServer, startLocalSmtpServer } from '../test-support/local-smtp-server.ts';
import { accountPassword, createAccountInPage, openSignInPage } from './support/accounts.ts';
import { seriousAccessibilityViolations } from './support/axe-audit.ts';
import { launchBrowser } from './support/browser.ts';

const password = accountPassword;
const shotsDirectory = process.env.DRAWBRIDGE_SHOTS ?? join(tmpdir(), 'drawbridge-account-shots');
const desktop = { width: 1440, height: 900 };
const phone = { width: 390, height: 844 };

let browser: Browser;
let server: RunningServer;
let smtp: LocalSmtpServer;
let directory: string;
let appUrl: string;

let servers = 0;

/**
 * Drawbridge with accounts and password reset, on a port chosen first: the public URL names it. Each test has
 * its own server and database: better-auth allows three sign-ups per client address in ten seconds, and every
 * visitor here is 127.0.0.1, so on a fast machine a file's fourth account would be refused.
 */
async function startAccountServer(): Promise<void> {
  servers += 1;
  for (let attempt = 0; ; attempt += 1) {
    const port = await findFreePort();
    appUrl = `http://127.0.0.1:${port}`;
    try {
      server = await startServer({
        config: parseConfig({
          server: { port },
          model: { id: 'demo', demoPace: 0 },
          store: { sqlitePath: join(directory, `drawbridge-${servers}.db`) },
          auth: {
            modes: ['accounts'],
            secret: 'an-e2e-secret-of-more-than-thirty-two-characters',
            publicUrl: appUrl,
            signUp: 'open',
            mail: { smtpUrl: smtp.url },
          },
        }),
      });
      return;
    } catch (error) {
      // Another process took the port between choosing and listening: choose again.
      if (attempt < 5 && error instanceof Error && 'code' in error && error.code === 'EADDRINUSE') continue;
      throw error;
    }
  }
}

beforeAll(async () => {
  directory = await mkdtemp(join(tmpdir(), 'drawbridge-account-'));
  await mkdir(shotsDirectory, { recursive: true });
  smtp = await startLocalSmtpServer();
  browser = await launchBrowser();
});

beforeEach(startAccountServer);

afterEach(async () => {
  await server?.close();
});

afterAll(async () => {
  await browser?.close();
  await smtp?.close();
  await rm(directory, { recursive: true, force: true });
});

const visitor = (viewport = desktop) => openSignInPage(browser, appUrl, viewport);

async function signIn(page: Page, { email, secret }: { email: string; secret: string }): Promise<void> {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(secret);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

async function shoot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: join(shotsDirectory, `${name}.png`), fullPage: true });
}

describe('the account screens', () => {
  it('shows the password rules at sign-up, and the server refuses a password outside them with the rule', async () => {
    const { context, page } = await visitor(phone);
    await page.getByRole('button', { name: 'Create an account' }).click();
    const field = page.getByLabel('Password', { exact: true });
    await expect.poll(() => field.evaluate((input) => input.getAttribute('aria-describedby'))).not.toBeNull();
    const hintId = await field.getAttribute('aria-describedby');
    expect(await page.locator(`[id="${hintId}"]`).textContent()).toBe('At least 10 characters, at most 256.');
    await shoot(page, 'sign-up-phone');
    // The field's own length check stops the form; the server holds the rule for any other client.
    const refused = await page.request.post(`${appUrl}/api/auth/sign-up/email`, {
      headers: { origin: appUrl },
      data: { name: 'Short', email: 'short@example.com', password: 'short' },
    });
    expect(refused.status()).toBe(400);
    expect((await refused.json()).message).toBe(
      'The password is too short: at least 10 characters, at most 256.',
    );
    await context.close();
  });

  it('creates an API token shown once, lists it, and revokes it so it stops working', async () => {
    const { context, page } = await visitor();
    await createAccountInPage(page, { name: 'Ada', email: 'ada@example.com' });
    await page.getByRole('link', { name: /Ada/ }).click();
    await page.getByRole('heading', { name: 'Account', level: 1 }).waitFor();
    await page.getByText('You have no API tokens.').waitFor();

    await page.getByLabel('Token name').fill('laptop agent');
    await page.getByRole('button', { name: 'Create token' }).click();
    const secretField = page.getByLabel('The new token');
    await expect.poll(() => secretField.inputValue()).toMatch(/^dbt_/);
    const secret = await secretField.inputValue();
    await page.getByRole('list', { name: 'Your API tokens' }).getByText('laptop agent').waitFor();
    await shoot(page, 'account-new-token-desktop');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    const asToken = () =>
      page.request.get(`${appUrl}/api/threads`, { headers: { authorization: `Bearer ${secret}` } });
    expect((await asToken()).status()).toBe(200);

    // Shown once: after a reload only the name is there.
    await page.reload();
    await page.getByRole('list', { name: 'Your API tokens' }).getByText('laptop agent').waitFor();
    expect(await page.getByLabel('The new token').count()).toBe(0);
    expect(await page.content()).not.toContain(secret);

    await page.getByRole('button', { name: 'Revoke laptop agent' }).click();
    await page.getByRole('button', { name: 'Revoke “laptop agent”' }).click();
    await page.getByText('You have no API tokens.').waitFor();
    expect((await asToken()).status()).toBe(401);
    await context.close();
  });

  it('changes the password with the current one, signing the other sessions out', async () => {
    const here = await visitor(phone);
    await createAccountInPage(here.page, { name: 'Grace', email: 'grace@example.com' });
    const elsewhere = await visitor();
    await signIn(elsewhere.page, { email: 'grace@example.com', secret: password });
    await elsewhere.page.locator('#composer-input').waitFor();

    await here.page.goto(`${appUrl}/#/account`);
    await here.page.getByRole('heading', { name: 'Password' }).waitFor();
    await here.page.getByLabel('Current password').fill('not the password');
    await here.page.getByLabel('New password', { exact: true }).fill('a new passphrase here');
    await here.page.getByLabel('Repeat the new password').fill('a new passphrase here');
    await here.page.getByRole('button', { name: 'Change password' }).click();
    await expect
      .poll(() => here.page.getByRole('alert').textContent())
      .toBe('The current password is not right.');

    await here.page.getByLabel('Current password').fill(password);
    await here.page.getByLabel('New password', { exact: true }).fill('a new passphrase here');
    await here.page.getByLabel('Repeat the new password').fill('a new passphrase here');
    await here.page.getByRole('button', { name: 'Change password' }).click();
    await here.page.getByText('Password changed. Your other sessions were signed out').waitFor();
    await shoot(here.page, 'account-password-changed-phone');

    await elsewhere.page.reload();
    await elsewhere.page.getByRole('heading', { name: 'Sign in' }).waitFor();
    await here.page.reload();
    await here.page.getByRole('heading', { name: 'Account', level: 1 }).waitFor();
    await signIn(elsewhere.page, { email: 'grace@example.com', secret: 'a new passphrase here' });
    await elsewhere.page.locator('#composer-input').waitFor();
    await here.context.close();
    await elsewhere.context.close();
  });

  it('resets a forgotten password through a mailed link that works once, saying the same for unknown addresses', async () => {
    const owner = await visitor();
    await createAccountInPage(owner.page, { name: 'Linus', email: 'linus@example.com' });
    await owner.context.close();

    const { context, page } = await visitor(phone);
    await page.getByRole('button', { name: 'Forgot your password?' }).click();
    await page.getByRole('heading', { name: 'Reset your password' }).waitFor();
    await page.getByLabel('Email').fill('nobody@example.com');
    await page.getByRole('button', { name: 'Email me a link' }).click();
    const unknownNotice = await page.getByRole('status').textContent();
    expect(unknownNotice).toBe(
      'If an account uses nobody@example.com, a link to reset its password is on its way. It works once, within an hour.',
    );
    await page.getByLabel('Email').fill('linus@example.com');
    await page.getByRole('button', { name: 'Send another link' }).click();
    await expect.poll(() => page.getByRole('status').textContent()).toContain('linus@example.com');
    await shoot(page, 'forgot-password-phone');

    const mail = await smtp.mailTo('linus@example.com');
    expect(smtp.mails.flatMap((received) => received.to)).not.toContain('nobody@example.com');
    const link = /http:\/\/127\.0\.0\.1:\d+\/#\/reset-password\?token=\S+/.exec(mail.text)?.[0];
    expect(link).toBeDefined();

    await page.goto(link!);
    await page.getByRole('heading', { name: 'Choose a new password' }).waitFor();
    await page.getByLabel('New password', { exact: true }).fill('the forgotten one, anew');
    await page.getByLabel('Repeat the new password').fill('the forgotten one, anew');
    await shoot(page, 'reset-password-phone');
    await page.getByRole('button', { name: 'Set password' }).click();
    await page.getByRole('heading', { name: 'Password changed' }).waitFor();
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    expect(await page.evaluate(() => window.location.hash)).toBe('');
    await signIn(page, { email: 'linus@example.com', secret: 'the forgotten one, anew' });
    await page.locator('#composer-input').waitFor();

    // The same link again: used once, so refused in words the holder understands.
    const again = await browser.newContext({ viewport: desktop });
    const againPage = await again.newPage();
    await againPage.goto(link!);
    await againPage.getByLabel('New password', { exact: true }).fill('yet another passphrase');
    await againPage.getByLabel('Repeat the new password').fill('yet another passphrase');
    await againPage.getByRole('button', { name: 'Set password' }).click();
    await expect
      .poll(() => againPage.getByRole('alert').textContent())
      .toBe('This link has expired or was already used. Ask for a new one from the sign-in page.');
    await shoot(againPage, 'reset-link-used-desktop');
    await again.close();
    await context.close();
  });
});
