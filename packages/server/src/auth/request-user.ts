import type { Context } from 'hono';
import { MissingSignInGuardError } from './missing-sign-in-guard-error.ts';
import type { SignedInUser } from './signed-in-user.ts';

declare module 'hono' {
  interface ContextVariableMap {
    /** Set by the sign-in guard before any `/api/` route runs. */
    user: SignedInUser;
  }
}

/** The user the request acts for. Fails closed: a route mounted without the guard never acts for anyone. */
export function requestUser(context: Context): SignedInUser {
  const user = context.get('user');
  if (user === undefined) {
    throw new MissingSignInGuardError(
      `${context.req.method} ${context.req.path} ran without the sign-in guard`,
    );
  }
  return user;
}
