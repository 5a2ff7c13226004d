import { describe, expect, it } from 'vitest';
import { SettingError } from '../node-server/setting-error.ts';
import { maySignUp, parseAuthSettings } from './auth-settings.ts';

const sessions = {
  DRAWBRIDGE_AUTH: 'accounts,oidc',
  DRAWBRIDGE_AUTH_SECRET: 'x'.repeat(32),
  DRAWBRIDGE_PUBLIC_URL: 'https://chat.example.com/',
  DRAWBRIDGE_OIDC_ISSUER: 'https://id.example.com/',
  DRAWBRIDGE_OIDC_CLIENT_ID: 'drawbridge',
  DRAWBRIDGE_OIDC_CLIENT_SECRET: 'secret',
};

function refusal(env: Record<string, string>, host = '0.0.0.0'): string {
  try {
    parseAuthSettings({ env, host });
  } catch (error) {
    expect(error).toBeInstanceOf(SettingError);
    return (error as Error).message;
  }
  throw new Error('expected a SettingError');
}

describe('parseAuthSettings', () => {
  it('needs nothing on loopback: the local user, with no limits', () => {
    for (const host of ['127.0.0.1', 'localhost', '::1', '127.0.0.2']) {
      expect(parseAuthSettings({ env: {}, host })).toEqual({
        mode: 'local',
        adminEmails: [],
        limits: { runsPerMinute: 0, tokensPerDay: 0 },
      });
    }
  });

  it('refuses to start beyond loopback without a mode, naming the setting and the modes', () => {
    for (const host of ['0.0.0.0', '::', '192.168.1.4', 'chat.example.com']) {
      const message = refusal({}, host);
      expect(message).toContain('DRAWBRIDGE_AUTH');
      expect(message).toContain('accounts, oidc');
      expect(message).toContain('proxy');
    }
    expect(refusal({ DRAWBRIDGE_AUTH: 'local' })).toContain('DRAWBRIDGE_AUTH');
  });

  it('reads a sessions deployment, with default limits', () => {
    expect(parseAuthSettings({ env: sessions, host: '0.0.0.0' })).toMatchObject({
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

  it('refuses what would make sessions unsafe or broken, saying which setting', () => {
    expect(refusal({ ...sessions, DRAWBRIDGE_AUTH_SECRET: 'short' })).toContain('DRAWBRIDGE_AUTH_SECRET');
    expect(refusal({ ...sessions, DRAWBRIDGE_PUBLIC_URL: 'http://chat.example.com' })).toContain('https://');
    expect(refusal({ ...sessions, DRAWBRIDGE_OIDC_CLIENT_ID: '' })).toContain('DRAWBRIDGE_OIDC_CLIENT_ID');
    expect(refusal({ ...sessions, DRAWBRIDGE_AUTH: 'accounts,proxy' })).toContain('proxy');
    expect(refusal({ ...sessions, DRAWBRIDGE_AUTH: 'passwords' })).toContain('"passwords"');
    expect(refusal({ ...sessions, DRAWBRIDGE_SIGN_UP: 'maybe' })).toContain('DRAWBRIDGE_SIGN_UP');
    expect(refusal({ ...sessions, DRAWBRIDGE_RUNS_PER_MINUTE: '-1' })).toContain(
      'DRAWBRIDGE_RUNS_PER_MINUTE',
    );
    expect(refusal({ DRAWBRIDGE_AUTH: 'proxy' })).toContain('DRAWBRIDGE_TRUSTED_PROXIES');
  });

  it('reads the proxy mode with its trusted peers and header', () => {
    expect(
      parseAuthSettings({
        env: {
          DRAWBRIDGE_AUTH: 'proxy',
          DRAWBRIDGE_TRUSTED_PROXIES: '10.0.0.2, loopback',
          DRAWBRIDGE_ADMIN_EMAILS: 'Root@Example.com',
        },
        host: '0.0.0.0',
      }),
    ).toMatchObject({
      mode: 'proxy',
      userHeader: 'x-forwarded-email',
      trustedProxies: ['10.0.0.2', 'loopback'],
      adminEmails: ['root@example.com'],
    });
  });
});

describe('maySignUp', () => {
  it('lets in what the policy lists, and the admins always', () => {
    const adminEmails = ['root@example.com'];
    expect(maySignUp({ policy: [], email: 'ada@example.com', adminEmails })).toBe(false);
    expect(maySignUp({ policy: [], email: 'Root@Example.com', adminEmails })).toBe(true);
    expect(maySignUp({ policy: ['@example.com'], email: 'ada@example.com', adminEmails })).toBe(true);
    expect(maySignUp({ policy: ['@example.com'], email: 'ada@example.com.evil', adminEmails })).toBe(false);
    expect(maySignUp({ policy: ['bob@x.org'], email: 'bob@x.org', adminEmails })).toBe(true);
    expect(maySignUp({ policy: 'open', email: 'anyone@anywhere.org', adminEmails })).toBe(true);
  });
});
