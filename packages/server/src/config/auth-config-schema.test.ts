import { describe, expect, it } from 'vitest';
import { configFromEnvironment, configProblemsOf } from './testing/config-from-environment.ts';

const sessions = {
  HOST: '0.0.0.0',
  DRAWBRIDGE_AUTH: 'accounts,oidc',
  DRAWBRIDGE_AUTH_SECRET: 'x'.repeat(32),
  DRAWBRIDGE_PUBLIC_URL: 'https://chat.example.com/',
  DRAWBRIDGE_OIDC_ISSUER: 'https://id.example.com/',
  DRAWBRIDGE_OIDC_CLIENT_ID: 'drawbridge',
  DRAWBRIDGE_OIDC_CLIENT_SECRET: 'secret',
};

/** The one line refusing these variables (exactly one problem). */
function refusal(environment: Record<string, string>): string {
  const problems = configProblemsOf(environment);
  expect(problems).toHaveLength(1);
  return problems[0]!.message;
}

describe('the auth settings', () => {
  it('need nothing on loopback: the local user, with no limits', () => {
    for (const host of ['127.0.0.1', 'localhost', '::1', '127.0.0.2']) {
      expect(configFromEnvironment({ HOST: host }).auth).toEqual({
        mode: 'local',
        limits: { runsPerMinute: 0, tokensPerDay: 0 },
      });
    }
  });

  it('refuse to start beyond loopback without a mode, naming the setting and the modes', () => {
    for (const host of ['0.0.0.0', '::', '192.168.1.4', 'chat.example.com']) {
      const message = refusal({ HOST: host });
      expect(message).toContain(`bound to ${host}`);
      expect(message).toContain('DRAWBRIDGE_AUTH');
      expect(message).toContain('accounts, oidc');
      expect(message).toContain('proxy');
    }
    expect(refusal({ HOST: '0.0.0.0', DRAWBRIDGE_AUTH: 'local' })).toContain('DRAWBRIDGE_AUTH');
  });

  it('read a sessions deployment, with default limits', () => {
    expect(configFromEnvironment(sessions).auth).toMatchObject({
      mode: 'sessions',
      publicUrl: 'https://chat.example.com',
      accounts: { signUp: [] },
      openIdConnect: {
        issuer: 'https://id.example.com',
        name: 'single sign-on',
        scopes: ['openid', 'email', 'profile'],
      },
      limits: { runsPerMinute: 20, tokensPerDay: 2_000_000 },
    });
  });

  it('read the sign-up policy, the OpenID Connect scopes and explicit limits', () => {
    const auth = configFromEnvironment({
      ...sessions,
      DRAWBRIDGE_SIGN_UP: ' Ada@Example.com, @Team.example ',
      DRAWBRIDGE_OIDC_SCOPES: 'openid email groups',
      DRAWBRIDGE_OIDC_NAME: 'Acme ID',
      DRAWBRIDGE_RUNS_PER_MINUTE: '0',
      DRAWBRIDGE_TOKENS_PER_DAY: '5000',
    }).auth;
    expect(auth).toMatchObject({
      accounts: { signUp: ['ada@example.com', '@team.example'] },
      openIdConnect: { name: 'Acme ID', scopes: ['openid', 'email', 'groups'] },
      limits: { runsPerMinute: 0, tokensPerDay: 5000 },
    });
    expect(configFromEnvironment({ ...sessions, DRAWBRIDGE_SIGN_UP: 'OPEN' }).auth).toMatchObject({
      accounts: { signUp: 'open' },
    });
  });

  it('refuse what would make sessions unsafe or broken, saying which setting', () => {
    expect(refusal({ ...sessions, DRAWBRIDGE_AUTH_SECRET: 'short' })).toMatch(
      /^DRAWBRIDGE_AUTH_SECRET must be at least 32 characters/,
    );
    expect(refusal({ ...sessions, DRAWBRIDGE_PUBLIC_URL: 'http://chat.example.com' })).toMatch(
      /^DRAWBRIDGE_PUBLIC_URL must be https:\/\/ .*\(got "http:\/\/chat\.example\.com"\)\.$/,
    );
    expect(refusal({ ...sessions, DRAWBRIDGE_PUBLIC_URL: 'chat.example.com' })).toMatch(
      /^DRAWBRIDGE_PUBLIC_URL is not a URL/,
    );
    expect(refusal({ ...sessions, DRAWBRIDGE_OIDC_CLIENT_ID: '' })).toBe(
      'DRAWBRIDGE_OIDC_CLIENT_ID must be set for DRAWBRIDGE_AUTH=oidc.',
    );
    expect(configProblemsOf({ ...sessions, DRAWBRIDGE_AUTH: 'accounts,proxy' })).toEqual([
      {
        setting: 'DRAWBRIDGE_AUTH',
        message: 'DRAWBRIDGE_AUTH=proxy cannot be combined with another mode (got "accounts,proxy").',
      },
      {
        setting: 'DRAWBRIDGE_TRUSTED_PROXIES',
        message: expect.stringMatching(/^DRAWBRIDGE_TRUSTED_PROXIES must list/),
      },
    ]);
    expect(refusal({ ...sessions, DRAWBRIDGE_AUTH: 'passwords' })).toContain('"passwords"');
    expect(refusal({ ...sessions, DRAWBRIDGE_SIGN_UP: 'maybe' })).toBe(
      'DRAWBRIDGE_SIGN_UP is open, closed or a list of emails and @domains (got "maybe").',
    );
    expect(refusal({ ...sessions, DRAWBRIDGE_SIGN_UP: 'ada@example.com, team.example' })).toMatch(
      /^DRAWBRIDGE_SIGN_UP is open, closed or a list of emails and @domains \("team\.example" is neither\)/,
    );
    expect(refusal({ ...sessions, DRAWBRIDGE_RUNS_PER_MINUTE: '-1' })).toBe(
      'DRAWBRIDGE_RUNS_PER_MINUTE must be a whole number, 0 for no limit (got "-1").',
    );
    expect(refusal({ HOST: '0.0.0.0', DRAWBRIDGE_AUTH: 'proxy' })).toMatch(
      /^DRAWBRIDGE_TRUSTED_PROXIES must list/,
    );
  });

  it('name every missing companion of the modes at once, with a wrong limit beside them', () => {
    const problems = configProblemsOf({
      HOST: '0.0.0.0',
      DRAWBRIDGE_AUTH: 'accounts,oidc',
      DRAWBRIDGE_TOKENS_PER_DAY: 'lots',
    });
    expect(problems.map((problem) => problem.setting).sort()).toEqual([
      'DRAWBRIDGE_AUTH_SECRET',
      'DRAWBRIDGE_OIDC_CLIENT_ID',
      'DRAWBRIDGE_OIDC_CLIENT_SECRET',
      'DRAWBRIDGE_OIDC_ISSUER',
      'DRAWBRIDGE_PUBLIC_URL',
      'DRAWBRIDGE_TOKENS_PER_DAY',
    ]);
  });

  it('never repeat a secret in a refusal', () => {
    const message = refusal({ ...sessions, DRAWBRIDGE_AUTH_SECRET: 'hunter2' });
    expect(message).not.toContain('hunter2');
  });

  it('refuse admin emails unless a proxy vouches for the names, pointing at the command (issue 35, item 4)', () => {
    for (const environment of [
      { ...sessions, DRAWBRIDGE_AUTH: 'accounts' },
      sessions,
      { HOST: '127.0.0.1' },
    ]) {
      expect(configProblemsOf({ ...environment, DRAWBRIDGE_ADMIN_EMAILS: 'admin@x.test' })).toEqual([
        {
          setting: 'DRAWBRIDGE_ADMIN_EMAILS',
          message: expect.stringMatching(
            /^DRAWBRIDGE_ADMIN_EMAILS names admins only for DRAWBRIDGE_AUTH=proxy, .*`drawbridge admin grant <email>`/,
          ),
        },
      ]);
    }
  });

  it('read the proxy mode with its trusted peers and header', () => {
    expect(
      configFromEnvironment({
        HOST: '0.0.0.0',
        DRAWBRIDGE_AUTH: 'proxy',
        DRAWBRIDGE_TRUSTED_PROXIES: '10.0.0.2, loopback',
        DRAWBRIDGE_ADMIN_EMAILS: 'Root@Example.com',
      }).auth,
    ).toMatchObject({
      mode: 'proxy',
      userHeader: 'x-forwarded-email',
      trustedProxies: ['10.0.0.2', 'loopback'],
      adminEmails: ['root@example.com'],
    });
  });

  it('read the SMTP server of password reset, with a sender from the public URL unless set', () => {
    const smtpUrl = 'smtps://mailer:pa55word@mail.example.com:465';
    expect(configFromEnvironment({ ...sessions, DRAWBRIDGE_SMTP_URL: smtpUrl }).auth).toMatchObject({
      passwordReset: { smtpUrl, from: 'Drawbridge <no-reply@chat.example.com>' },
    });
    expect(
      configFromEnvironment({
        ...sessions,
        DRAWBRIDGE_SMTP_URL: smtpUrl,
        DRAWBRIDGE_MAIL_FROM: 'Ops <ops@example.com>',
      }).auth,
    ).toMatchObject({ passwordReset: { smtpUrl, from: 'Ops <ops@example.com>' } });
    expect(configFromEnvironment(sessions).auth).not.toHaveProperty('passwordReset');
  });

  it('refuse an SMTP server that is not one, or with nobody whose password it could reset, never repeating it', () => {
    const bad = refusal({ ...sessions, DRAWBRIDGE_SMTP_URL: 'https://user:pa55word@mail.example.com' });
    expect(bad).toMatch(/^DRAWBRIDGE_SMTP_URL must be an smtp:\/\/ or smtps:\/\/ URL/);
    expect(bad).not.toContain('pa55word');
    expect(
      refusal({ ...sessions, DRAWBRIDGE_AUTH: 'oidc', DRAWBRIDGE_SMTP_URL: 'smtp://mail.example.com' }),
    ).toMatch(/^DRAWBRIDGE_SMTP_URL sends password-reset mail, which only DRAWBRIDGE_AUTH=accounts has/);
    expect(refusal({ ...sessions, DRAWBRIDGE_MAIL_FROM: 'ops@example.com' })).toMatch(
      /^DRAWBRIDGE_MAIL_FROM names the sender of DRAWBRIDGE_SMTP_URL, which is not set/,
    );
  });
});
