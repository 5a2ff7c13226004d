import { z } from 'zod';
import {
  type AuthSettings,
  defaultSignedInLimits,
  type OpenIdConnectSettings,
  type SignUpPolicy,
} from '../auth/auth-settings.ts';
import { isLoopbackAddress } from '../auth/is-loopback-address.ts';
import { lowerCaseList, noIssuesUnder, someText, wholeNumber } from './setting-schemas.ts';

const modeNames = ['local', 'accounts', 'oidc', 'proxy'] as const;
const minimumSecretLength = 32;
const perUserLimit = wholeNumber({ expects: 'a whole number, 0 for no limit' });

type AuthInput = z.output<typeof authFields>;
/** A problem and the value it is about (undefined when the setting is missing), shown beside it. */
type Issue = { path: (string | number)[]; message: string; input: unknown };

const authFields = z.strictObject({
  /** `DRAWBRIDGE_AUTH`: `accounts`, `oidc` (together `accounts,oidc`), `proxy`, or `local` (loopback only). */
  modes: lowerCaseList('a list of sign-in modes').default([]),
  /** `DRAWBRIDGE_AUTH_SECRET`: signs session cookies and encrypts OAuth state; 32+ characters. */
  secret: someText().optional(),
  /** `DRAWBRIDGE_PUBLIC_URL`: the origin users open; cookies, redirects and the Origin check hang on it. */
  publicUrl: someText().optional(),
  /** `DRAWBRIDGE_SIGN_UP`: `closed`, `open`, or the emails and `@domain`s that may create an account. */
  signUp: z
    .union([z.literal('open'), z.literal('closed'), lowerCaseList('open, closed or a list')], {
      error: '{} must be open, closed or a list of emails and @domains',
    })
    .default('closed'),
  /**
   * `DRAWBRIDGE_ADMIN_EMAILS`: for `proxy` only, the user names (emails) the proxy vouches for whose dashboard
   * shows every user's data. With accounts or OpenID Connect, admins are marked in the database instead.
   */
  adminEmails: lowerCaseList('a list of emails').default([]),
  oidc: z
    .strictObject({
      /** `DRAWBRIDGE_OIDC_ISSUER`: found by discovery (`/.well-known/openid-configuration`). */
      issuer: someText().optional(),
      /** `DRAWBRIDGE_OIDC_CLIENT_ID`. */
      clientId: someText().optional(),
      /** `DRAWBRIDGE_OIDC_CLIENT_SECRET`. */
      clientSecret: someText().optional(),
      /** `DRAWBRIDGE_OIDC_NAME`: what the button names ("Sign in with …"). */
      name: someText().default('single sign-on'),
      /** `DRAWBRIDGE_OIDC_SCOPES`. */
      scopes: lowerCaseList('a list of scopes').default(['openid', 'email', 'profile']),
    })
    .prefault({}),
  proxy: z
    .strictObject({
      /** `DRAWBRIDGE_TRUSTED_PROXIES`: the peers a user header is believed from (an address, or `loopback`). */
      trustedProxies: lowerCaseList('a list of addresses').default([]),
      /** `DRAWBRIDGE_PROXY_USER_HEADER`: the header naming the user. */
      userHeader: someText()
        .default('X-Forwarded-Email')
        .transform((header) => header.toLowerCase()),
    })
    .prefault({}),
  mail: z
    .strictObject({
      /** `DRAWBRIDGE_SMTP_URL`: the SMTP server password-reset mail goes through (`smtp://` or `smtps://`). */
      smtpUrl: someText().optional(),
      /** `DRAWBRIDGE_MAIL_FROM`: the sender it names; default `Drawbridge <no-reply@` the public URL's host `>`. */
      from: someText().optional(),
    })
    .prefault({}),
  limits: z
    .strictObject({
      /** `DRAWBRIDGE_RUNS_PER_MINUTE`: per user; 20 signed in, unlimited on loopback by default. */
      runsPerMinute: perUserLimit.optional(),
      /** `DRAWBRIDGE_TOKENS_PER_DAY`: per user in a rolling 24 hours; 2,000,000 signed in, unlimited on loopback. */
      tokensPerDay: perUserLimit.optional(),
    })
    .prefault({}),
});

function isUrl(value: string): boolean {
  return URL.canParse(value);
}

/** What the chosen modes need and do not have; every problem at once. */
function problemsOf(auth: AuthInput): Issue[] {
  const issues: Issue[] = [];
  const { modes } = auth;
  for (const mode of modes) {
    if (!(modeNames as readonly string[]).includes(mode)) {
      issues.push({
        path: ['modes'],
        message: `{} lists "${mode}"; use accounts, oidc (together: accounts,oidc), proxy or local`,
        input: modes,
      });
    }
  }
  if (modes.includes('local') && modes.length > 1) {
    issues.push({ path: ['modes'], message: '{}=local cannot be combined with another mode', input: modes });
  }
  if (modes.includes('proxy')) {
    if (modes.length > 1) {
      issues.push({
        path: ['modes'],
        message: '{}=proxy cannot be combined with another mode',
        input: modes,
      });
    }
    if (auth.proxy.trustedProxies.length === 0) {
      issues.push({
        path: ['proxy', 'trustedProxies'],
        message:
          '{} must list the address(es) of the proxy for {auth.modes}=proxy (e.g. 127.0.0.1): a user header from ' +
          'any other peer is ignored',
        input: undefined,
      });
    }
  }
  if (modes.includes('accounts') || modes.includes('oidc')) issues.push(...sessionProblemsOf(auth));
  // Anyone could sign up with a listed address (nobody proves owning it) and be an admin: a name is taken as
  // an admin's only where a proxy vouches for it (issue 35, item 4).
  if (auth.adminEmails.length > 0 && !modes.includes('proxy')) {
    issues.push({
      path: ['adminEmails'],
      message:
        '{} names admins only for {auth.modes}=proxy, whose proxy vouches for each name; unset it, and make ' +
        'an admin with `drawbridge admin grant <email>` once they have an account (docs/deployment.md, Admins)',
      input: auth.adminEmails,
    });
  }
  issues.push(...mailProblemsOf(auth));
  if (auth.signUp !== 'open' && auth.signUp !== 'closed') {
    const wrong = auth.signUp.filter((entry) => !/^[^@\s]*@[^@\s]+$/.test(entry));
    if (wrong.length > 0) {
      // In a longer list, say which entries are wrong; a single one is shown as the value anyway.
      const which =
        auth.signUp.length > 1 ? ` (${wrong.map((entry) => `"${entry}"`).join(', ')} is neither)` : '';
      issues.push({
        path: ['signUp'],
        message: `{} is open, closed or a list of emails and @domains${which}`,
        input: auth.signUp,
      });
    }
  }
  return issues;
}

/** The SMTP server of password reset: a URL nodemailer reads, and only where there are passwords to reset. */
function mailProblemsOf(auth: AuthInput): Issue[] {
  const { smtpUrl, from } = auth.mail;
  if (smtpUrl === undefined) {
    return from === undefined
      ? []
      : [
          {
            path: ['mail', 'from'],
            message: '{} names the sender of {auth.mail.smtpUrl}, which is not set',
            input: from,
          },
        ];
  }
  const issues: Issue[] = [];
  if (!auth.modes.includes('accounts')) {
    issues.push({
      path: ['mail', 'smtpUrl'],
      message: '{} sends password-reset mail, which only {auth.modes}=accounts has: unset it or add accounts',
      input: undefined,
    });
  }
  const protocol = URL.canParse(smtpUrl) ? new URL(smtpUrl).protocol : undefined;
  if (protocol !== 'smtp:' && protocol !== 'smtps:') {
    // The URL may carry the SMTP password: never repeated.
    issues.push({
      path: ['mail', 'smtpUrl'],
      message: '{} must be an smtp:// or smtps:// URL (e.g. smtps://user:password@mail.example.com:465)',
      input: undefined,
    });
  }
  return issues;
}

/** The cookie secret and public URL every session mode needs, and the provider `oidc` needs. */
function sessionProblemsOf(auth: AuthInput): Issue[] {
  const issues: Issue[] = [];
  if (auth.secret === undefined) {
    issues.push({
      path: ['secret'],
      message: '{} must be set to a random string of 32 or more characters',
      input: undefined,
    });
  } else if (auth.secret.length < minimumSecretLength) {
    issues.push({
      path: ['secret'],
      message: `{} must be at least ${minimumSecretLength} characters (e.g. openssl rand -base64 32)`,
      input: auth.secret,
    });
  }
  if (auth.publicUrl === undefined) {
    issues.push({
      path: ['publicUrl'],
      message: '{} must be set to the URL users open (e.g. https://chat.example.com)',
      input: undefined,
    });
  } else if (!isUrl(auth.publicUrl)) {
    issues.push({ path: ['publicUrl'], message: '{} is not a URL', input: auth.publicUrl });
  } else {
    const url = new URL(auth.publicUrl);
    // A session cookie sent over plain HTTP across a network can be read on the way: Secure cookies need https.
    if (url.protocol !== 'https:' && !(url.protocol === 'http:' && isLoopbackAddress(url.hostname))) {
      issues.push({
        path: ['publicUrl'],
        message: '{} must be https:// (plain http only on loopback)',
        input: auth.publicUrl,
      });
    }
  }
  if (auth.modes.includes('oidc')) {
    for (const key of ['issuer', 'clientId', 'clientSecret'] as const) {
      if (auth.oidc[key] === undefined) {
        issues.push({
          path: ['oidc', key],
          message: '{} must be set for {auth.modes}=oidc',
          input: undefined,
        });
      }
    }
    if (auth.oidc.issuer !== undefined && !isUrl(auth.oidc.issuer)) {
      issues.push({ path: ['oidc', 'issuer'], message: '{} is not a URL', input: auth.oidc.issuer });
    }
  }
  return issues;
}

/** The settings of a configuration already checked by `problemsOf`. */
function authSettingsOf(auth: AuthInput): AuthSettings {
  const { modes, adminEmails } = auth;
  const signedIn = modes.length > 0 && !(modes.length === 1 && modes[0] === 'local');
  const fallback = signedIn ? defaultSignedInLimits : { runsPerMinute: 0, tokensPerDay: 0 };
  const limits = {
    runsPerMinute: auth.limits.runsPerMinute ?? fallback.runsPerMinute,
    tokensPerDay: auth.limits.tokensPerDay ?? fallback.tokensPerDay,
  };
  if (!signedIn) return { mode: 'local', limits };
  if (modes.includes('proxy')) {
    const { userHeader, trustedProxies } = auth.proxy;
    return { mode: 'proxy', userHeader, trustedProxies, adminEmails, limits };
  }
  const signUp: SignUpPolicy = auth.signUp === 'closed' ? [] : auth.signUp;
  const { oidc } = auth;
  const openIdConnect: OpenIdConnectSettings | null = modes.includes('oidc')
    ? {
        issuer: (oidc.issuer as string).replace(/\/+$/, ''),
        clientId: oidc.clientId as string,
        clientSecret: oidc.clientSecret as string,
        name: oidc.name,
        scopes: oidc.scopes,
      }
    : null;
  const publicUrl = new URL(auth.publicUrl as string);
  const { smtpUrl, from } = auth.mail;
  return {
    mode: 'sessions',
    publicUrl: publicUrl.origin,
    secret: auth.secret as string,
    accounts: modes.includes('accounts') ? { signUp } : null,
    openIdConnect,
    ...(smtpUrl === undefined
      ? {}
      : { passwordReset: { smtpUrl, from: from ?? `Drawbridge <no-reply@${publicUrl.hostname}>` } }),
    limits,
  };
}

/**
 * How requests say who they act for, and the per-user limits. What a mode needs is checked only when it is
 * chosen; that a server beyond loopback has a mode at all is checked beside `server.host`.
 */
export const authConfigSchema = authFields
  .superRefine(
    (auth, context) => {
      for (const issue of problemsOf(auth)) context.addIssue({ code: 'custom', ...issue });
    },
    // The limits are checked on their own: a wrong one does not hide what the modes lack.
    { when: noIssuesUnder('modes', 'secret', 'publicUrl', 'signUp', 'adminEmails', 'oidc', 'proxy', 'mail') },
  )
  .transform(authSettingsOf);

/** The refusal for a server other machines can reach with nobody signing in, or none. */
export function exposedWithoutSignIn({
  host,
  auth,
}: {
  host: string;
  auth: AuthSettings;
}): Issue | undefined {
  if (auth.mode !== 'local' || isLoopbackAddress(host)) return undefined;
  return {
    path: ['auth', 'modes'],
    message:
      `Drawbridge is bound to ${host}, which other machines can reach, and has no sign-in: set {} ` +
      'to accounts, oidc (or accounts,oidc) or proxy, or bind to 127.0.0.1 (docs/security.md)',
    input: auth.mode,
  };
}
