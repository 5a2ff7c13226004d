import type { Hono } from 'hono';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  type LocalSmtpServer,
  localSmtpUser,
  startLocalSmtpServer,
} from '../../../../test-support/local-smtp-server.ts';
import { openTestStorage, storageDialects } from '../../../../test-support/open-test-storage.ts';
import type { Storage } from '../store/index.ts';
import type { AuthSettings, SessionAuthSettings } from './auth-settings.ts';
import { passwordResetMailsPerHour } from './password-reset-options.ts';
import { postFromPage, sessionTestApp, sessionTestUrl } from './testing/session-test-app.ts';

const publicUrl = sessionTestUrl;
const password = 'correct horse battery';
const newPassword = 'a brand new passphrase';
let smtp: LocalSmtpServer;
let opened: Storage[] = [];

beforeAll(async () => {
  smtp = await startLocalSmtpServer();
});

afterAll(async () => {
  await smtp.close();
});

afterEach(async () => {
  await Promise.all(opened.map((storage) => storage.close()));
  opened = [];
});

function settings(): SessionAuthSettings & AuthSettings {
  return {
    mode: 'sessions',
    publicUrl,
    secret: 'a-test-secret-that-is-long-enough-for-better-auth',
    accounts: { signUp: 'open' },
    openIdConnect: null,
    passwordReset: { smtpUrl: smtp.url, from: 'Drawbridge <no-reply@chat.example.com>' },
    limits: { runsPerMinute: 0, tokensPerDay: 0 },
  };
}

/** An app whose client address is the `x-test-peer` header, so a test can ask from several addresses. */
async function appOn(dialect: 'sqlite' | 'postgres'): Promise<{ app: Hono; storage: Storage }> {
  const storage = await openTestStorage({ dialect });
  opened.push(storage);
  const app = sessionTestApp({
    storage,
    settings: settings(),
    peerAddress: (context) => context.req.header('x-test-peer'),
  });
  return { app, storage };
}

function cookieOf(response: Response): string {
  const cookie = response.headers.getSetCookie().find((line) => line.includes('session_token='));
  if (cookie === undefined) throw new Error(`no session cookie in ${response.status}`);
  return cookie.split(';')[0]!;
}

async function signUp(app: Hono, email: string): Promise<string> {
  const response = await postFromPage(app, '/api/auth/sign-up/email', { email, password, name: 'Ada' });
  expect(response.status).toBe(200);
  return cookieOf(response);
}

async function signedIn(app: Hono, cookie: string): Promise<boolean> {
  const response = await app.request(`${publicUrl}/api/session`, { headers: { cookie } });
  return ((await response.json()) as { user: unknown }).user !== null;
}

function tokenIn(mailText: string): string {
  const link = /https:\/\/chat\.example\.com\/#\/reset-password\?token=(\S+)/.exec(mailText);
  if (link === null) throw new Error(`no reset link in: ${mailText}`);
  return decodeURIComponent(link[1]!);
}

describe.each(storageDialects)('password reset by email on %s', (dialect) => {
  it('tells the sign-in page a reset exists', async () => {
    const { app } = await appOn(dialect);
    const session = await (await app.request(`${publicUrl}/api/session`)).json();
    expect(session.signIn.accounts.passwordReset).toBe(true);
  });

  it('mails a link through the SMTP server that sets a new password once, and signs every session out', async () => {
    const { app, storage } = await appOn(dialect);
    const email = `ada-${dialect}@example.com`;
    const firstSession = await signUp(app, email);
    const before = smtp.mails.filter((mail) => mail.to.includes(email)).length;

    const asked = await postFromPage(
      app,
      '/api/auth/request-password-reset',
      { email },
      { 'x-test-peer': '10.0.0.1' },
    );
    expect(asked.status).toBe(200);
    const mail = await smtp.mailTo(email, { skip: before });
    expect(mail).toMatchObject({
      from: 'no-reply@chat.example.com',
      subject: 'Reset your Drawbridge password',
      user: localSmtpUser,
    });
    expect(mail.text).toContain('works once, within 60 minutes');
    const token = tokenIn(mail.text);

    // Stored as a digest only: someone who reads the table cannot use what is there.
    const stored = await storage.database.kysely
      .selectFrom('auth_verifications' as never)
      .selectAll()
      .execute();
    expect(JSON.stringify(stored)).not.toContain(token);

    const tooShort = await postFromPage(app, '/api/auth/reset-password', { token, newPassword: 'short' });
    expect(tooShort.status).toBe(400);
    expect((await tooShort.json()).message).toBe(
      'The password is too short: at least 10 characters, at most 256.',
    );

    const reset = await postFromPage(app, '/api/auth/reset-password', { token, newPassword });
    expect(reset.status).toBe(200);
    expect(await signedIn(app, firstSession)).toBe(false);
    const again = await postFromPage(app, '/api/auth/reset-password', {
      token,
      newPassword: 'yet another passphrase',
    });
    expect(again.status).toBe(400);

    const oldPassword = await postFromPage(app, '/api/auth/sign-in/email', { email, password });
    expect(oldPassword.status).toBe(401);
    const withNew = await postFromPage(app, '/api/auth/sign-in/email', { email, password: newPassword });
    expect(withNew.status).toBe(200);
  });

  it('refuses an expired link', async () => {
    const { app, storage } = await appOn(dialect);
    const email = `expired-${dialect}@example.com`;
    await signUp(app, email);
    await postFromPage(app, '/api/auth/request-password-reset', { email }, { 'x-test-peer': '10.0.0.2' });
    const token = tokenIn((await smtp.mailTo(email)).text);
    await storage.database.kysely
      .updateTable('auth_verifications' as never)
      // SQLite keeps better-auth's dates as ISO text, PostgreSQL as timestamps.
      .set({
        expiresAt:
          dialect === 'sqlite' ? new Date(Date.now() - 1000).toISOString() : new Date(Date.now() - 1000),
      } as never)
      .execute();
    const reset = await postFromPage(app, '/api/auth/reset-password', { token, newPassword });
    expect(reset.status).toBe(400);
    expect((await postFromPage(app, '/api/auth/sign-in/email', { email, password })).status).toBe(200);
  });

  it('answers an unknown address exactly as a known one, and mails nobody for it', async () => {
    const { app } = await appOn(dialect);
    const known = `known-${dialect}@example.com`;
    await signUp(app, known);
    const mailsBefore = smtp.mails.length;
    const unknown = await postFromPage(
      app,
      '/api/auth/request-password-reset',
      { email: `nobody-${dialect}@example.com` },
      { 'x-test-peer': '10.0.0.3' },
    );
    const knownAnswer = await postFromPage(
      app,
      '/api/auth/request-password-reset',
      { email: known },
      { 'x-test-peer': '10.0.0.3' },
    );
    expect(unknown.status).toBe(knownAnswer.status);
    expect(await unknown.text()).toBe(await knownAnswer.text());
    await smtp.mailTo(known);
    expect(smtp.mails.slice(mailsBefore).flatMap((mail) => mail.to)).toEqual([known]);
  });

  it('limits requests per client address like sign-in, and mails per address whoever asks', async () => {
    const { app } = await appOn(dialect);
    const email = `limited-${dialect}@example.com`;
    await signUp(app, email);
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 4; attempt += 1) {
      statuses.push(
        (
          await postFromPage(
            app,
            '/api/auth/request-password-reset',
            { email: 'x@example.com' },
            { 'x-test-peer': '10.0.1.1' },
          )
        ).status,
      );
    }
    expect(statuses).toEqual([200, 200, 200, 429]);

    const mailsBefore = smtp.mails.length;
    for (let client = 0; client < passwordResetMailsPerHour + 2; client += 1) {
      const asked = await postFromPage(
        app,
        '/api/auth/request-password-reset',
        { email },
        { 'x-test-peer': `10.0.2.${client}` },
      );
      expect(asked.status).toBe(200);
    }
    await smtp.mailTo(email, { skip: passwordResetMailsPerHour - 1 });
    // Each answer came after its mail was decided, so the refused ones are never sent: nothing to wait for.
    const toAddress = smtp.mails.slice(mailsBefore).filter((mail) => mail.to.includes(email));
    expect(toAddress).toHaveLength(passwordResetMailsPerHour);
  });
});

describe.each(storageDialects)('changing a password on %s', (dialect) => {
  it('needs the current password, keeps the rules, and signs the other sessions out (API tokens stay)', async () => {
    const { app } = await appOn(dialect);
    const email = `change-${dialect}@example.com`;
    const here = await signUp(app, email);
    const elsewhere = cookieOf(await postFromPage(app, '/api/auth/sign-in/email', { email, password }));
    const { secret } = await (
      await postFromPage(app, '/api/tokens', { name: 'script' }, { cookie: here })
    ).json();

    const wrong = await postFromPage(
      app,
      '/api/auth/change-password',
      { currentPassword: 'not my password', newPassword },
      { cookie: here },
    );
    expect(wrong.status).toBe(400);
    const tooShort = await postFromPage(
      app,
      '/api/auth/change-password',
      { currentPassword: password, newPassword: 'short' },
      { cookie: here },
    );
    expect(tooShort.status).toBe(400);
    expect((await tooShort.json()).message).toBe(
      'The password is too short: at least 10 characters, at most 256.',
    );

    // Asking to keep the other sessions does not: the server signs them out anyway.
    const changed = await postFromPage(
      app,
      '/api/auth/change-password',
      { currentPassword: password, newPassword, revokeOtherSessions: false },
      { 'x-test-peer': '10.0.4.1', cookie: here },
    );
    expect(changed.status).toBe(200);
    const stillHere = cookieOf(changed);
    expect(await signedIn(app, stillHere)).toBe(true);
    expect(await signedIn(app, elsewhere)).toBe(false);
    const bearer = await app.request(`${publicUrl}/api/threads`, {
      headers: { authorization: `Bearer ${secret}` },
    });
    expect(bearer.status).toBe(200);
    expect(
      (await postFromPage(app, '/api/auth/sign-in/email', { email, password: newPassword })).status,
    ).toBe(200);
  });
});
