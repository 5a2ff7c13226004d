import { passwordRuleProblem, passwordRules } from '@drawbridge/protocol';
import type { BetterAuthOptions, BetterAuthRateLimitStorage } from 'better-auth';
import { APIError, createAuthMiddleware } from 'better-auth/api';
import { genericOAuth } from 'better-auth/plugins';
import type { Kysely } from 'kysely';
import { SlidingWindowCounter } from '../limits/sliding-window-counter.ts';
import type { DatabaseDialect } from '../store/database-dialect.ts';
import type { DatabaseTables } from '../store/database-tables.ts';
import { maySignUp, type SessionAuthSettings } from './auth-settings.ts';
import type { PasswordResetMailer } from './password-reset-mailer.ts';
import { passwordResetOptions } from './password-reset-options.ts';

/** The provider id of the one OpenID Connect provider: its callback (the redirect URI to register) is `/api/auth/callback/oidc`. */
export const openIdConnectProviderId = 'oidc';
/** Where better-auth's endpoints live. */
export const authBasePath = '/api/auth';
/**
 * A header only our server sets (from the socket's peer address, replacing any client value) so that
 * better-auth's sign-in rate limit keys on the real client, not on an `X-Forwarded-For` anyone can write.
 */
export const peerAddressHeader = 'x-drawbridge-peer-address';

/** The endpoints that set a password, and the body field that carries the new one. */
const passwordFieldByPath: ReadonlyMap<string, string> = new Map([
  ['/sign-up/email', 'password'],
  ['/change-password', 'newPassword'],
  ['/reset-password', 'newPassword'],
]);

/** better-auth's rate-limit storage on our bounded counters: one per rule (better-auth has a handful). */
function boundedRateLimitStorage(): BetterAuthRateLimitStorage {
  const counters = new Map<string, SlidingWindowCounter>();
  return {
    async consume(key, rule) {
      const ruleKey = `${rule.window}/${rule.max}`;
      let counter = counters.get(ruleKey);
      if (counter === undefined) {
        counter = new SlidingWindowCounter({ windowMs: rule.window * 1000, limit: rule.max });
        counters.set(ruleKey, counter);
      }
      const taken = counter.take({ key, now: Date.now() });
      return taken.allowed
        ? { allowed: true, retryAfter: null }
        : { allowed: false, retryAfter: Math.ceil(taken.retryAfterMs / 1000) };
    },
  };
}

/**
 * better-auth's options for a sessions deployment: email-and-password accounts and/or one OpenID Connect
 * provider (by discovery, PKCE, ID token verified), over our own database under `auth_` tables (created by
 * the `0005-sign-in` migration, not by better-auth), cookies HttpOnly, SameSite=Lax and Secure on https.
 */
export function betterAuthOptions({
  settings,
  kysely,
  dialect,
  basePath = '',
  mailer,
}: {
  settings: SessionAuthSettings;
  kysely: Kysely<DatabaseTables>;
  dialect: DatabaseDialect;
  /** Where the app is mounted: better-auth reads the request's whole path, not the app's. */
  basePath?: string;
  /** Sends password-reset mail; without it (or without accounts) there is no password reset. */
  mailer?: PasswordResetMailer;
}) {
  const { accounts, openIdConnect } = settings;
  const reset =
    accounts === null || mailer === undefined
      ? undefined
      : passwordResetOptions({ mailer, kysely, publicUrl: settings.publicUrl, basePath });
  return {
    appName: 'Drawbridge',
    baseURL: settings.publicUrl,
    basePath: `${basePath}${authBasePath}`,
    secret: settings.secret,
    database: { db: kysely, type: dialect },
    user: {
      modelName: 'auth_users',
      // Read with every session; set only by `drawbridge admin grant`: no sign-up or profile update may.
      additionalFields: {
        isAdmin: { type: 'boolean', required: false, defaultValue: false, input: false },
      },
    },
    session: { modelName: 'auth_sessions' },
    account: { modelName: 'auth_accounts' },
    verification: { modelName: 'auth_verifications', ...reset?.verification },
    trustedOrigins: [settings.publicUrl],
    telemetry: { enabled: false },
    // The protocol's rules, which the sign-up page shows; the hook below refuses with their wording first.
    emailAndPassword: {
      enabled: accounts !== null,
      minPasswordLength: passwordRules.minLength,
      maxPasswordLength: passwordRules.maxLength,
      ...reset?.emailAndPassword,
    },
    // Brute-force protection of sign-in, per client address, counted by this instance in bounded memory.
    rateLimit: { enabled: true, window: 60, max: 30, customStorage: boundedRateLimitStorage() },
    advanced: {
      cookiePrefix: 'drawbridge',
      useSecureCookies: settings.publicUrl.startsWith('https:'),
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax' },
      ipAddress: { ipAddressHeaders: [peerAddressHeader] },
    },
    hooks: {
      before: createAuthMiddleware(async (context) => {
        const passwordField = passwordFieldByPath.get(context.path);
        const password = passwordField === undefined ? undefined : context.body?.[passwordField];
        // better-auth would say only "Password too short"; the refusal names the rule the page showed.
        const problem =
          typeof password === 'string' ? passwordRuleProblem({ password, rules: passwordRules }) : undefined;
        if (problem !== undefined) throw new APIError('BAD_REQUEST', { message: problem });
        // A changed password signs every other session out, whatever the client asked: whoever knew the
        // old one may hold one of them.
        if (context.path === '/change-password') {
          return { context: { body: { ...context.body, revokeOtherSessions: true } } };
        }
        if (context.path !== '/sign-up/email') return;
        const email = typeof context.body?.email === 'string' ? context.body.email : '';
        if (accounts === null || !maySignUp({ policy: accounts.signUp, email })) {
          throw new APIError('FORBIDDEN', { message: 'Sign-up is closed on this server; ask an admin.' });
        }
      }),
    },
    plugins:
      openIdConnect === null
        ? []
        : [
            genericOAuth({
              config: [
                {
                  providerId: openIdConnectProviderId,
                  name: openIdConnect.name,
                  discoveryUrl: `${openIdConnect.issuer}/.well-known/openid-configuration`,
                  requireIdTokenVerification: true,
                  clientId: openIdConnect.clientId,
                  clientSecret: openIdConnect.clientSecret,
                  scopes: [...openIdConnect.scopes],
                  pkce: true,
                },
              ],
            }),
          ],
  } satisfies BetterAuthOptions;
}
