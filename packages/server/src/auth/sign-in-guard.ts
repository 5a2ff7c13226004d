import type { HttpBindings } from '@hono/node-server';
import type { Context, MiddlewareHandler } from 'hono';
import { errorResponse } from '../http/http-error.ts';
import type { ApiTokenStore } from './api-token-store.ts';
import type { AuthSettings } from './auth-settings.ts';
import { authBasePath } from './better-auth-options.ts';
import './request-user.ts';
import type { SessionSignIn } from './session-sign-in.ts';
import { localUser, type SignedInUser } from './signed-in-user.ts';
import { trustedProxyUser } from './trusted-proxy-user.ts';

/** `/api/` paths anyone may reach: health, who-am-I and better-auth's own endpoints (which check for themselves). */
export function isPublicApiPath(path: string): boolean {
  return path === '/api/health' || path === '/api/session' || path.startsWith(`${authBasePath}/`);
}

/** How the sign-in guard learns a request's user; the app builds it from the auth settings. */
export interface SignIn {
  settings: AuthSettings;
  /** Present in the sessions mode. */
  sessions?: SessionSignIn;
  /** Present in every signed-in mode: `Authorization: Bearer dbt_…`. */
  tokens?: ApiTokenStore;
  /** An embedding app's own sign-in (`createDrawbridge({ auth })`): asked first, and alone. */
  authenticate?: (request: Request) => Promise<SignedInUser | undefined>;
}

/** The socket's peer address under `@hono/node-server`; `undefined` under `app.request()` in tests. */
export function peerAddressOf(context: Context): string | undefined {
  return (context.env as Partial<HttpBindings> | undefined)?.incoming?.socket?.remoteAddress;
}

/** Who the request acts for, from the strongest evidence it carries; `undefined` when nobody. */
export async function identifyRequest({
  context,
  signIn,
  peerAddress,
}: {
  context: Context;
  signIn: SignIn;
  /** Read only in the proxy mode, the one that trusts the peer: reading it is a system call. */
  peerAddress: (context: Context) => string | undefined;
}): Promise<SignedInUser | undefined> {
  const { settings } = signIn;
  if (signIn.authenticate !== undefined) return signIn.authenticate(context.req.raw);
  if (settings.mode === 'local') return localUser;
  const authorization = context.req.header('authorization');
  // A bearer token that does not check out signs the request in as nobody, never as the cookie's user.
  if (authorization !== undefined) return bearerTokenUser({ authorization, signIn });
  if (settings.mode === 'proxy') {
    return trustedProxyUser({
      settings,
      peerAddress: peerAddress(context),
      headerValue: context.req.header(settings.userHeader),
    });
  }
  return signIn.sessions?.userFor(context.req.raw.headers);
}

/** The owner of the API token in an `Authorization: Bearer dbt_…` header; `undefined` for none or a bad one. */
export async function bearerTokenUser({
  authorization,
  signIn,
}: {
  authorization: string | undefined;
  signIn: SignIn;
}): Promise<SignedInUser | undefined> {
  const { settings } = signIn;
  const secret = authorization === undefined ? undefined : /^Bearer\s+(\S+)\s*$/i.exec(authorization)?.[1];
  const owner = secret === undefined ? undefined : await signIn.tokens?.ownerOf(secret);
  if (owner === undefined) return undefined;
  const email = owner.email?.toLowerCase() ?? null;
  // A token acts with its owner's rights as they are now: an account's mark, or the proxy's list of names.
  const isAdmin =
    settings.mode === 'proxy'
      ? settings.adminEmails.includes(email ?? owner.name.toLowerCase())
      : owner.isAdmin;
  return { id: owner.id, name: owner.name, email, isAdmin, via: 'token' };
}

/**
 * Sets the user of every `/api/` request and answers `401 sign_in_required` when there is none (outside the
 * public paths). Pages and frame documents are served to anyone: they carry no data, and the page shows
 * the sign-in form.
 */
export function createSignInGuard({
  signIn,
  peerAddress = peerAddressOf,
}: {
  signIn: SignIn;
  /** Injected by tests of the proxy mode; default: the socket's peer. */
  peerAddress?: (context: Context) => string | undefined;
}): MiddlewareHandler {
  return async (context, next) => {
    const path = context.req.path;
    // Pages, assets and frame documents carry no data: no session lookup for each of them.
    if (!path.startsWith('/api/')) return next();
    const user = await identifyRequest({ context, signIn, peerAddress });
    if (user !== undefined) context.set('user', user);
    if (user === undefined && !isPublicApiPath(path)) {
      context.header('WWW-Authenticate', 'Bearer realm="drawbridge"');
      return errorResponse(
        context,
        401,
        'sign_in_required',
        'Sign in first: a session cookie, or Authorization: Bearer <API token>.',
      );
    }
    return next();
  };
}
