import type { Context } from 'hono';
import type { SignedInUser } from './signed-in-user.ts';

declare module 'hono' {
  interface ContextVariableMap {
    /** Set by the sign-in guard before any `/api/` route runs. */
    user: SignedInUser;
  }
}

/** Raised when a route that needs a user runs without the sign-in guard in front of it: a wiring bug. */
export class MissingSignInGuardError extends Error {
  override readonly name = 'MissingSignInGuardError';
  readonly code = 'missing_sign_in_guard';
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
