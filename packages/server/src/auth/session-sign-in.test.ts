import { getMigrations } from 'better-auth/db/migration';
import type { Hono } from 'hono';
import { afterEach, describe, expect, it } from 'vitest';
import { openTestStorage, storageDialects } from '../../../../test-support/open-test-storage.ts';
import type { Storage } from '../store/index.ts';
import { adminAccounts } from './admin-accounts.ts';
import type { AuthSettings, SessionAuthSettings } from './auth-settings.ts';
import { betterAuthOptions } from './better-auth-options.ts';
import { postFromPage, sessionTestApp, sessionTestUrl } from './testing/session-test-app.ts';

const publicUrl = sessionTestUrl;
const settings: SessionAuthSettings & AuthSettings = {
  mode: 'sessions',
  publicUrl,
  secret: 'a-test-secret-that-is-long-enough-for-better-auth',
  accounts: { signUp: ['@example.com'] },
  openIdConnect: null,
  limits: { runsPerMinute: 0, tokensPerDay: 0 },
};

let opened: Storage[] = [];

afterEach(async () => {
  await Promise.all(opened.map((storage) => storage.close()));
  opened = [];
});

async function appOn(
  dialect: 'sqlite' | 'postgres',
  overrides: Partial<typeof settings> = {},
): Promise<{ app: Hono; storage: Storage }> {
  const storage = await openTestStorage({ dialect });
  opened.push(storage);
  return { app: sessionTestApp({ storage, settings: { ...settings, ...overrides } }), storage };
}

function sessionCookie(response: Response): string {
  const cookie = response.headers.getSetCookie().find((line) => line.includes('session_token='));
  if (cookie === undefined) throw new Error(`no session cookie in ${response.status} ${response.headers}`);
  return cookie;
}

describe.each(storageDialects)('accounts with session cookies on %s', (dialect) => {
  it('leaves better-auth nothing to create: our migration holds its whole schema', async () => {
    const storage = await openTestStorage({ dialect });
    opened.push(storage);
    const options = betterAuthOptions({
      settings: {
        ...settings,
        openIdConnect: {
          issuer: 'https://id.example',
          clientId: 'c',
          clientSecret: 's',
          name: 'Id',
          scopes: ['openid'],
        },
      },
      kysely: storage.database.kysely,
      dialect,
    });
    const pending = await getMigrations(options);
    expect(pending.toBeCreated).toEqual([]);
    expect(pending.toBeAdded).toEqual([]);
    expect(pending.toBeAddedIndexes).toEqual([]);
  });

  it('signs up, signs in with an HttpOnly, Secure, SameSite cookie, and acts as that user', async () => {
    const { app } = await appOn(dialect);
    const signUp = await postFromPage(app, '/api/auth/sign-up/email', {
      email: 'ada@example.com',
      password: 'correct horse battery',
      name: 'Ada',
    });
    expect(signUp.status).toBe(200);
    const signIn = await postFromPage(app, '/api/auth/sign-in/email', {
      email: 'ada@example.com',
      password: 'correct horse battery',
    });
    expect(signIn.status).toBe(200);
    const cookie = sessionCookie(signIn);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/Secure/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    const cookieHeader = cookie.split(';')[0]!;
    const session = await app.request(`${publicUrl}/api/session`, { headers: { cookie: cookieHeader } });
    expect(await session.json()).toMatchObject({
      user: { name: 'Ada', email: 'ada@example.com', isAdmin: false },
      signIn: { mode: 'sessions', accounts: { signUp: true }, openIdConnect: null },
    });
    const created = await postFromPage(app, '/api/threads', { title: 'Ada’s' }, { cookie: cookieHeader });
    expect(created.status).toBe(201);
    const listed = await app.request(`${publicUrl}/api/threads`, { headers: { cookie: cookieHeader } });
    expect((await listed.json()).threads.map((thread: { title: string }) => thread.title)).toEqual(['Ada’s']);
  });

  it('refuses a wrong password, a sign-up outside the policy, and a request without a session', async () => {
    const { app } = await appOn(dialect);
    await postFromPage(app, '/api/auth/sign-up/email', {
      email: 'ada@example.com',
      password: 'correct horse battery',
      name: 'Ada',
    });
    const wrong = await postFromPage(app, '/api/auth/sign-in/email', {
      email: 'ada@example.com',
      password: 'wrong password!',
    });
    expect(wrong.status).toBe(401);
    const outsider = await postFromPage(app, '/api/auth/sign-up/email', {
      email: 'eve@elsewhere.example',
      password: 'correct horse battery',
      name: 'Eve',
    });
    expect(outsider.status).toBe(403);
    const anonymous = await app.request(`${publicUrl}/api/threads`);
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get('www-authenticate')).toMatch(/^Bearer/);
  });

  it('tells the sign-up page the password rules it enforces, and a refusal names the rule it broke', async () => {
    const { app } = await appOn(dialect);
    const session = await (await app.request(`${publicUrl}/api/session`)).json();
    expect(session.signIn.accounts).toEqual({
      signUp: true,
      passwordRules: { minLength: 10, maxLength: 256 },
      passwordReset: false,
    });
    const tooShort = await postFromPage(app, '/api/auth/sign-up/email', {
      email: 'ada@example.com',
      password: 'short',
      name: 'Ada',
    });
    expect(tooShort.status).toBe(400);
    expect((await tooShort.json()).message).toBe(
      'The password is too short: at least 10 characters, at most 256.',
    );
    const tooLong = await postFromPage(app, '/api/auth/sign-up/email', {
      email: 'ada@example.com',
      password: 'x'.repeat(257),
      name: 'Ada',
    });
    expect(tooLong.status).toBe(400);
    expect((await tooLong.json()).message).toBe(
      'The password is too long: at least 10 characters, at most 256.',
    );
    const justRight = await postFromPage(app, '/api/auth/sign-up/email', {
      email: 'ada@example.com',
      password: 'x'.repeat(10),
      name: 'Ada',
    });
    expect(justRight.status).toBe(200);
  });

  it('makes nobody an admin by signing up: the policy holds for every address, and no request sets the mark (issue 35, item 4)', async () => {
    const { app } = await appOn(dialect);
    const outside = await postFromPage(app, '/api/auth/sign-up/email', {
      email: 'admin@x.test',
      password: 'correct horse battery',
      name: 'Admin?',
    });
    expect(outside.status).toBe(403);
    const inside = await postFromPage(app, '/api/auth/sign-up/email', {
      email: 'admin@example.com',
      password: 'correct horse battery',
      name: 'Admin?',
      isAdmin: true,
    });
    expect(inside.status).toBe(200);
    const cookie = sessionCookie(inside).split(';')[0]!;
    const sessionUser = async () =>
      (
        (await (await app.request(`${publicUrl}/api/session`, { headers: { cookie } })).json()) as {
          user: { email: string; isAdmin: boolean };
        }
      ).user;
    expect(await sessionUser()).toMatchObject({ email: 'admin@example.com', isAdmin: false });
    const update = await postFromPage(app, '/api/auth/update-user', { isAdmin: true }, { cookie });
    expect(update.status).toBeGreaterThanOrEqual(400);
    expect(await sessionUser()).toMatchObject({ isAdmin: false });
  });

  it('makes an admin of an account the operator marks, at its next request and its tokens too, until unmarked', async () => {
    const { app, storage } = await appOn(dialect);
    const admins = adminAccounts({ kysely: storage.database.kysely, dialect });
    expect(await admins.mark({ email: 'ada@example.com', isAdmin: true })).toEqual({
      success: false,
      reason: 'no_account',
    });
    const signUp = await postFromPage(app, '/api/auth/sign-up/email', {
      email: 'ada@example.com',
      password: 'correct horse battery',
      name: 'Ada',
    });
    const cookie = sessionCookie(signUp).split(';')[0]!;
    const { secret } = await (await postFromPage(app, '/api/tokens', { name: 'agent' }, { cookie })).json();
    const isAdmin = async (headers: Record<string, string>) =>
      (
        (await (await app.request(`${publicUrl}/api/session`, { headers })).json()) as {
          user: { isAdmin: boolean };
        }
      ).user.isAdmin;
    const granted = await admins.mark({ email: 'Ada@Example.com', isAdmin: true });
    expect(granted).toMatchObject({
      success: true,
      changed: true,
      account: { email: 'ada@example.com', name: 'Ada', signsInWith: ['credential'], isAdmin: true },
    });
    expect(await isAdmin({ cookie })).toBe(true);
    expect(await isAdmin({ authorization: `Bearer ${secret}` })).toBe(true);
    expect((await admins.list()).map((account) => account.email)).toEqual(['ada@example.com']);
    expect(await admins.mark({ email: 'ada@example.com', isAdmin: true })).toMatchObject({ changed: false });
    await admins.mark({ email: 'ada@example.com', isAdmin: false });
    expect(await isAdmin({ cookie })).toBe(false);
    expect(await isAdmin({ authorization: `Bearer ${secret}` })).toBe(false);
    expect(await admins.list()).toEqual([]);
  });

  it('makes an API token for a signed-in user that works as Bearer, and stops working once revoked', async () => {
    const { app } = await appOn(dialect);
    await postFromPage(app, '/api/auth/sign-up/email', {
      email: 'ada@example.com',
      password: 'correct horse battery',
      name: 'Ada',
    });
    const signIn = await postFromPage(app, '/api/auth/sign-in/email', {
      email: 'ada@example.com',
      password: 'correct horse battery',
    });
    const cookie = sessionCookie(signIn).split(';')[0]!;
    const created = await postFromPage(app, '/api/tokens', { name: 'laptop agent' }, { cookie });
    expect(created.status).toBe(201);
    const { token, secret } = await created.json();
    expect(secret).toMatch(/^dbt_/);
    const bearer = { authorization: `Bearer ${secret}` };
    await postFromPage(app, '/api/threads', { title: 'from the agent' }, bearer);
    const listed = await app.request(`${publicUrl}/api/threads`, { headers: bearer });
    expect((await listed.json()).threads.map((thread: { title: string }) => thread.title)).toEqual([
      'from the agent',
    ]);
    const minted = await postFromPage(app, '/api/tokens', { name: 'child' }, bearer);
    expect(minted.status).toBe(403);
    const revoked = await app.request(`${publicUrl}/api/tokens/${token.id}`, {
      method: 'DELETE',
      headers: { cookie, origin: publicUrl },
    });
    expect(revoked.status).toBe(204);
    expect((await app.request(`${publicUrl}/api/threads`, { headers: bearer })).status).toBe(401);
    expect(
      (await app.request(`${publicUrl}/api/threads`, { headers: { authorization: 'Bearer dbt_nonsense' } }))
        .status,
    ).toBe(401);
  });
});
