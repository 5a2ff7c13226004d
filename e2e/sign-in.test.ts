import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseConfig } from '../packages/server/src/config/parse-config.ts';
import { type RunningServer, startServer } from '../packages/server/src/node-server/start-server.ts';
import { findFreePort } from '../test-support/free-port.ts';
import { createAccountInPage, openSignInPage } from './support/accounts.ts';
import { seriousAccessibilityViolations } from './support/axe-audit.ts';
import { launchBrowser } from './support/browser.ts';
import { type OidcTestProvider, startOidcTestProvider } from './support/oidc-test-provider.ts';

let browser: Browser;
let server: RunningServer;
let provider: OidcTestProvider;
let directory: string;
let appUrl: string;

/** Starts Drawbridge with accounts and OpenID Connect on a port chosen first (the provider must know it). */
async function startSignInServer(): Promise<void> {
  for (let attempt = 0; ; attempt += 1) {
    const port = await findFreePort();
    appUrl = `http://127.0.0.1:${port}`;
    provider = await startOidcTestProvider({ redirectUri: `${appUrl}/api/auth/callback/oidc` });
    try {
      server = await startServer({
        config: parseConfig({
          server: { port },
          model: { id: 'demo', demoPace: 0 },
          store: { sqlitePath: join(directory, 'drawbridge.db') },
          auth: {
            modes: ['accounts', 'oidc'],
            secret: 'an-e2e-secret-of-more-than-thirty-two-characters',
            publicUrl: appUrl,
            signUp: 'open',
            oidc: {
              issuer: provider.issuer,
              clientId: provider.clientId,
              clientSecret: provider.clientSecret,
              name: 'Test IdP',
            },
          },
        }),
      });
      return;
    } catch (error) {
      await provider.close();
      // Another process took the port between choosing and listening: choose again.
      if (attempt < 5 && error instanceof Error && 'code' in error && error.code === 'EADDRINUSE') continue;
      throw error;
    }
  }
}

beforeAll(async () => {
  directory = await mkdtemp(join(tmpdir(), 'drawbridge-sign-in-'));
  await startSignInServer();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
  await provider?.close();
  await rm(directory, { recursive: true, force: true });
});

const newVisitor = (viewport?: { width: number; height: number }) =>
  openSignInPage(browser, appUrl, viewport);

/** Sends a message and waits until its reply is complete and its thread is in the list. */
async function chat(page: Page, text: string): Promise<string> {
  await page.locator('#composer-input').fill(text);
  await page.locator('#composer-input').press('Enter');
  await page.locator('.thread__link').first().waitFor();
  await expect.poll(() => page.evaluate(() => window.location.hash)).toMatch(/^#\/t\//);
  const threadId = (await page.evaluate(() => window.location.hash)).replace('#/t/', '');
  await expect
    .poll(async () => {
      const response = await page.request.get(`${appUrl}/api/threads/${threadId}/messages`);
      const body = (await response.json()) as {
        messages: Array<{ role: string; widget?: { id: string; complete: boolean } }>;
      };
      return body.messages.some(
        (message) => message.role === 'assistant' && message.widget?.complete === true,
      );
    })
    .toBe(true);
  return threadId;
}

describe('signing in', () => {
  it('keeps two accounts apart through every route the app offers them', async () => {
    const alice = await newVisitor();
    await createAccountInPage(alice.page, { name: 'Alice', email: 'alice@example.com' });
    await expect.poll(() => alice.page.locator('.account__name').textContent()).toContain('Alice');
    const threadId = await chat(alice.page, 'show me a calculator');
    const messages = (await (
      await alice.page.request.get(`${appUrl}/api/threads/${threadId}/messages`)
    ).json()) as {
      messages: Array<{ widget?: { id: string } }>;
    };
    const widgetId = messages.messages.find((message) => message.widget !== undefined)?.widget?.id;
    expect(widgetId).toBeDefined();
    const alicesExport = await alice.page.request.get(
      `${appUrl}/api/threads/${threadId}/widgets/${widgetId}.html`,
    );
    expect(alicesExport.status()).toBe(200);

    const bob = await newVisitor();
    await createAccountInPage(bob.page, { name: 'Bob', email: 'bob@example.com' });
    await expect.poll(() => bob.page.locator('.sidebar__empty').textContent()).toBe('No chats yet.');
    const asBob = (path: string) => bob.page.request.get(`${appUrl}${path}`);
    expect((await asBob(`/api/threads/${threadId}/messages`)).status()).toBe(404);
    expect((await asBob(`/api/threads/${threadId}/widgets/${widgetId}.html`)).status()).toBe(404);
    for (const path of [
      '/api/threads',
      '/api/dashboard/runs?preset=24h',
      '/api/dashboard/audit?preset=24h',
    ]) {
      const body = await (await asBob(path)).text();
      expect(body, path).not.toContain(threadId);
    }
    const deleting = await bob.page.request.delete(`${appUrl}/api/threads/${threadId}`, {
      headers: { origin: appUrl },
    });
    expect(deleting.status()).toBe(404);
    // Bob's page, opened at Alice's thread, shows none of it: a not-found view that does not say whether
    // the chat exists, with a way back to his own.
    await bob.page.goto(`${appUrl}/#/t/${threadId}`);
    await bob.page.getByRole('heading', { name: 'This chat doesn’t exist or isn’t yours' }).waitFor();
    expect(await bob.page.locator('iframe.db-widget-frame').count()).toBe(0);
    expect(await bob.page.locator('main').innerText()).not.toContain(threadId);
    expect(await bob.page.getByRole('alert').count()).toBe(0);
    await bob.page.getByRole('button', { name: 'Start a new chat' }).click();
    await bob.page.locator('#composer-input').waitFor();
    expect(await bob.page.evaluate(() => window.location.hash)).toBe('');

    await alice.page.getByRole('button', { name: 'Sign out' }).click();
    await alice.page.getByRole('heading', { name: 'Sign in' }).waitFor();
    expect((await alice.page.request.get(`${appUrl}/api/threads`)).status()).toBe(401);
    await alice.page.getByLabel('Email').fill('alice@example.com');
    await alice.page.getByLabel('Password').fill('correct horse battery staple');
    await alice.page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await alice.page.locator('.thread__link').first().waitFor();
    await alice.context.close();
    await bob.context.close();
  });

  it("shows the server's password rules beside the password field, and a refusal names the rule", async () => {
    const visitor = await newVisitor();
    const password = visitor.page.getByLabel('Password', { exact: true });
    // Signing in needs no rules; creating an account shows them, tied to the field for screen readers.
    expect(await password.getAttribute('aria-describedby')).toBeNull();
    await visitor.page.getByRole('button', { name: 'Create an account' }).click();
    const rulesId = await password.getAttribute('aria-describedby');
    expect(rulesId).not.toBeNull();
    expect(await visitor.page.locator(`[id="${rulesId}"]`).innerText()).toBe(
      'At least 10 characters, at most 256.',
    );
    expect(await password.getAttribute('minlength')).toBe('10');
    expect(await password.getAttribute('maxlength')).toBe('256');

    const refused = await visitor.page.request.post(`${appUrl}/api/auth/sign-up/email`, {
      headers: { origin: appUrl },
      data: { name: 'Dave', email: 'dave@example.com', password: 'short' },
    });
    expect(refused.status()).toBe(400);
    expect(((await refused.json()) as { message: string }).message).toBe(
      'The password is too short: at least 10 characters, at most 256.',
    );
    await visitor.context.close();
  });

  it('signs in through the OpenID Connect provider and back', async () => {
    const carol = await newVisitor();
    await carol.page.getByRole('button', { name: 'Sign in with Test IdP' }).click();
    await carol.page.locator('input[name="login"]').fill('carol');
    await carol.page.locator('input[name="password"]').fill('anything');
    await carol.page.locator('button.login-submit').click();
    await carol.page.locator('button.login-submit', { hasText: 'Continue' }).click();
    await carol.page.locator('#composer-input').waitFor();
    const session = (await (await carol.page.request.get(`${appUrl}/api/session`)).json()) as {
      user: { email: string } | null;
    };
    expect(session.user?.email).toBe('carol@idp.example');
    await expect.poll(() => carol.page.locator('.account__name').textContent()).toContain('carol');
    await carol.context.close();
  });

  it('keeps two OpenID Connect users apart, and refuses what another site makes a signed-in browser send', async () => {
    const signInWithOidc = async (login: string) => {
      const visitor = await newVisitor();
      await visitor.page.getByRole('button', { name: 'Sign in with Test IdP' }).click();
      await visitor.page.locator('input[name="login"]').fill(login);
      await visitor.page.locator('input[name="password"]').fill('anything');
      await visitor.page.locator('button.login-submit').click();
      await visitor.page.locator('button.login-submit', { hasText: 'Continue' }).click();
      await visitor.page.locator('#composer-input').waitFor();
      return visitor;
    };
    const erin = await signInWithOidc('erin');
    const threadId = await chat(erin.page, 'show me a calculator');
    const frank = await signInWithOidc('frank');
    const asFrank = (path: string) => frank.page.request.get(`${appUrl}${path}`);
    expect((await asFrank(`/api/threads/${threadId}/messages`)).status()).toBe(404);
    for (const path of [
      '/api/threads',
      '/api/dashboard/runs?preset=24h',
      '/api/dashboard/audit?preset=24h',
    ]) {
      expect(await (await asFrank(path)).text(), path).not.toContain(threadId);
    }
    const deleting = await frank.page.request.delete(`${appUrl}/api/threads/${threadId}`, {
      headers: { origin: appUrl },
    });
    expect(deleting.status()).toBe(404);

    // A page on another origin of the same site (so Erin's SameSite=Lax session cookie goes along) makes her
    // browser post forms and no-cors requests to the app.
    const threadsOfErin = async () =>
      (await (await erin.page.request.get(`${appUrl}/api/threads`)).text()).length;
    const before = await threadsOfErin();
    const evil = createServer((_request, response) => {
      response.setHeader('content-type', 'text/html');
      response.end(`<!doctype html><form id="plain" method="POST" action="${appUrl}/api/threads" enctype="text/plain">
<input name='{"title":"forged","x":"' value='"}'></form>
<script>
  const send = (path, method, body) => fetch('${appUrl}' + path, { method, mode: 'no-cors', credentials: 'include', headers: { 'content-type': 'text/plain' }, body }).catch(() => undefined);
  Promise.all([
    send('/api/threads/${threadId}', 'DELETE'),
    send('/api/threads/${threadId}', 'PATCH', '{"title":"pwned"}'),
    send('/api/tokens', 'POST', '{"name":"forged"}'),
  ]).then(() => { document.title = 'sent'; document.getElementById('plain').submit(); });
</script>`);
    });
    await new Promise<void>((resolve) => evil.listen(0, '127.0.0.1', resolve));
    try {
      const attack = await erin.context.newPage();
      const refused = attack.waitForResponse((response) => response.url() === `${appUrl}/api/threads`);
      await attack.goto(`http://127.0.0.1:${(evil.address() as AddressInfo).port}/`);
      expect((await refused).status()).toBe(403);
      // The attack page is left to Erin's context, closed below: closing the page itself, now showing the refused
      // form's answer, took Chromium about a minute when the tests before this one had run in the same browser.
    } finally {
      await new Promise<void>((resolve) => evil.close(() => resolve()));
    }
    expect(await threadsOfErin()).toBe(before);
    const kept = (await (
      await erin.page.request.get(`${appUrl}/api/threads/${threadId}/messages`)
    ).json()) as {
      messages: unknown[];
    };
    expect(kept.messages.length).toBeGreaterThan(0);
    const tokens = await (await erin.page.request.get(`${appUrl}/api/tokens`)).text();
    expect(tokens).not.toContain('forged');
    await erin.context.close();
    await frank.context.close();
  });

  it('shows a sign-in page that fits a phone and that axe finds nothing serious in', async () => {
    const visitor = await newVisitor({ width: 375, height: 740 });
    const overflow = await visitor.page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBe(0);
    expect(await seriousAccessibilityViolations(visitor.page)).toEqual([]);
    await visitor.page.getByLabel('Email').fill('nobody@example.com');
    await visitor.page.getByLabel('Password').fill('not the password');
    await visitor.page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect.poll(() => visitor.page.getByRole('alert').textContent()).toMatch(/invalid/i);
    await visitor.context.close();
  });
});
