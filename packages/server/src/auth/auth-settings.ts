import { SettingError } from '../node-server/setting-error.ts';
import { isLoopbackAddress } from './is-loopback-address.ts';

/** OpenID Connect sign-in at one provider, found by discovery from its issuer. */
export interface OpenIdConnectSettings {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** What the sign-in button names ("Sign in with …"). */
  name: string;
  scopes: readonly string[];
}

/** Accounts and/or OpenID Connect, both signed in with a session cookie that better-auth keeps. */
export interface SessionAuthSettings {
  mode: 'sessions';
  /** The origin users open, e.g. `https://chat.example.com`: cookies, redirects and the Origin check hang on it. */
  publicUrl: string;
  /** Signs session cookies and encrypts OAuth state; at least 32 characters. */
  secret: string;
  /** `signUp`: who may create an account here (admins always may, to bootstrap). */
  accounts: { signUp: SignUpPolicy } | null;
  openIdConnect: OpenIdConnectSettings | null;
}

/** `open` to anyone reaching the server, or a list of lower-cased emails and `@domain`s (empty: closed). */
export type SignUpPolicy = 'open' | readonly string[];

/** Whether an email may create an account under a policy; the admins may always, so a closed server can start. */
export function maySignUp({
  policy,
  email,
  adminEmails,
}: {
  policy: SignUpPolicy;
  email: string;
  adminEmails: readonly string[];
}): boolean {
  const lowered = email.trim().toLowerCase();
  if (adminEmails.includes(lowered) || policy === 'open') return true;
  const domain = lowered.slice(lowered.lastIndexOf('@'));
  return policy.includes(lowered) || policy.includes(domain);
}

/** A reverse proxy (oauth2-proxy, a cloud load balancer) signed the user in and names them in a header. */
export interface ProxyAuthSettings {
  mode: 'proxy';
  /** Lower-cased header name, e.g. `x-forwarded-email`. */
  userHeader: string;
  /** Peer addresses the header is believed from; a request from anywhere else is not signed in. */
  trustedProxies: readonly string[];
}

/** The one local user, for a server bound to loopback. */
export interface LocalAuthSettings {
  mode: 'local';
}

/** How requests say who they act for, plus what every mode shares (admins, rate limits). */
export type AuthSettings = (LocalAuthSettings | SessionAuthSettings | ProxyAuthSettings) & {
  /** Lower-cased emails (or proxy user names) that see every user's data on the dashboard. */
  adminEmails: readonly string[];
  limits: RateLimitSettings;
};

/** Per-user limits on runs; `0` turns one off. */
export interface RateLimitSettings {
  runsPerMinute: number;
  tokensPerDay: number;
}

type Environment = Record<string, string | undefined>;

const modeNames = ['local', 'accounts', 'oidc', 'proxy'] as const;
const minimumSecretLength = 32;
/** Limits of a signed-in deployment unless configured; the local user is not limited unless asked. */
export const defaultSignedInLimits: RateLimitSettings = { runsPerMinute: 20, tokensPerDay: 2_000_000 };
const noLimits: RateLimitSettings = { runsPerMinute: 0, tokensPerDay: 0 };

function list(setting: string | undefined): string[] {
  return (setting ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
}

function required(env: Environment, name: string, why: string): string {
  const value = env[name]?.trim();
  if (!value) throw new SettingError(`${name} must be set ${why}.`);
  return value;
}

function limit(env: Environment, name: string, fallback: number): number {
  const setting = env[name];
  if (setting === undefined || setting.trim() === '') return fallback;
  const value = Number(setting);
  if (!Number.isInteger(value) || value < 0) {
    throw new SettingError(`${name} must be a whole number, 0 for no limit (got "${setting}").`);
  }
  return value;
}

function publicUrlFrom(env: Environment): string {
  const setting = required(
    env,
    'DRAWBRIDGE_PUBLIC_URL',
    'to the URL users open (e.g. https://chat.example.com)',
  );
  let url: URL;
  try {
    url = new URL(setting);
  } catch {
    throw new SettingError(`DRAWBRIDGE_PUBLIC_URL is not a URL (got "${setting}").`);
  }
  // A session cookie sent over plain HTTP across a network can be read on the way: Secure cookies need https.
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && isLoopbackAddress(url.hostname))) {
    throw new SettingError(
      `DRAWBRIDGE_PUBLIC_URL must be https:// (plain http only on loopback), got "${setting}".`,
    );
  }
  return url.origin;
}

function openIdConnectFrom(env: Environment): OpenIdConnectSettings {
  const why = 'for DRAWBRIDGE_AUTH=oidc';
  const issuer = required(env, 'DRAWBRIDGE_OIDC_ISSUER', why);
  try {
    new URL(issuer);
  } catch {
    throw new SettingError(`DRAWBRIDGE_OIDC_ISSUER is not a URL (got "${issuer}").`);
  }
  return {
    issuer: issuer.replace(/\/+$/, ''),
    clientId: required(env, 'DRAWBRIDGE_OIDC_CLIENT_ID', why),
    clientSecret: required(env, 'DRAWBRIDGE_OIDC_CLIENT_SECRET', why),
    name: env.DRAWBRIDGE_OIDC_NAME?.trim() || 'single sign-on',
    scopes: list(env.DRAWBRIDGE_OIDC_SCOPES?.replaceAll(' ', ',') ?? 'openid,email,profile'),
  };
}

/**
 * Reads `DRAWBRIDGE_AUTH` and its companions. On loopback nothing is needed (one local user); bound to
 * any other address the server refuses to start until an auth mode is chosen, and the error says which.
 */
export function parseAuthSettings({ env, host }: { env: Environment; host: string }): AuthSettings {
  const modes = list(env.DRAWBRIDGE_AUTH?.toLowerCase());
  for (const mode of modes) {
    if (!(modeNames as readonly string[]).includes(mode)) {
      throw new SettingError(
        `DRAWBRIDGE_AUTH lists "${mode}"; use accounts, oidc (together: accounts,oidc), proxy or local.`,
      );
    }
  }
  const adminEmails = list(env.DRAWBRIDGE_ADMIN_EMAILS).map((email) => email.toLowerCase());
  if (modes.length === 0 || (modes.length === 1 && modes[0] === 'local')) {
    if (!isLoopbackAddress(host)) {
      throw new SettingError(
        `Drawbridge is bound to ${host}, which other machines can reach, and has no sign-in: set DRAWBRIDGE_AUTH ` +
          'to accounts, oidc (or accounts,oidc) or proxy, or bind to 127.0.0.1 (docs/security.md).',
      );
    }
    const limits = {
      runsPerMinute: limit(env, 'DRAWBRIDGE_RUNS_PER_MINUTE', noLimits.runsPerMinute),
      tokensPerDay: limit(env, 'DRAWBRIDGE_TOKENS_PER_DAY', noLimits.tokensPerDay),
    };
    return { mode: 'local', adminEmails, limits };
  }
  const limits = {
    runsPerMinute: limit(env, 'DRAWBRIDGE_RUNS_PER_MINUTE', defaultSignedInLimits.runsPerMinute),
    tokensPerDay: limit(env, 'DRAWBRIDGE_TOKENS_PER_DAY', defaultSignedInLimits.tokensPerDay),
  };
  if (modes.includes('local')) {
    throw new SettingError('DRAWBRIDGE_AUTH=local cannot be combined with another mode.');
  }
  if (modes.includes('proxy')) {
    if (modes.length > 1)
      throw new SettingError('DRAWBRIDGE_AUTH=proxy cannot be combined with another mode.');
    const trustedProxies = list(env.DRAWBRIDGE_TRUSTED_PROXIES).map((address) => address.toLowerCase());
    if (trustedProxies.length === 0) {
      throw new SettingError(
        'DRAWBRIDGE_TRUSTED_PROXIES must list the address(es) of the proxy for DRAWBRIDGE_AUTH=proxy ' +
          '(e.g. 127.0.0.1): a user header from any other peer is ignored.',
      );
    }
    const userHeader = (env.DRAWBRIDGE_PROXY_USER_HEADER?.trim() || 'X-Forwarded-Email').toLowerCase();
    return { mode: 'proxy', userHeader, trustedProxies, adminEmails, limits };
  }
  const secret = required(env, 'DRAWBRIDGE_AUTH_SECRET', 'to a random string of 32 or more characters');
  if (secret.length < minimumSecretLength) {
    throw new SettingError(
      `DRAWBRIDGE_AUTH_SECRET must be at least ${minimumSecretLength} characters (e.g. openssl rand -base64 32).`,
    );
  }
  const signUpSetting = (env.DRAWBRIDGE_SIGN_UP ?? 'closed').trim().toLowerCase();
  const signUp: SignUpPolicy =
    signUpSetting === 'open' ? 'open' : signUpSetting === 'closed' ? [] : list(signUpSetting);
  for (const entry of signUp === 'open' ? [] : signUp) {
    if (!/^[^@\s]*@[^@\s]+$/.test(entry)) {
      throw new SettingError(
        `DRAWBRIDGE_SIGN_UP is open, closed or a list of emails and @domains (got "${entry}").`,
      );
    }
  }
  return {
    mode: 'sessions',
    publicUrl: publicUrlFrom(env),
    secret,
    accounts: modes.includes('accounts') ? { signUp } : null,
    openIdConnect: modes.includes('oidc') ? openIdConnectFrom(env) : null,
    adminEmails,
    limits,
  };
}
