import { betterAuth } from 'better-auth';
import type { Kysely } from 'kysely';
import type { DatabaseDialect } from '../store/database-dialect.ts';
import type { DatabaseTables } from '../store/database-tables.ts';
import type { SessionAuthSettings } from './auth-settings.ts';
import { betterAuthOptions } from './better-auth-options.ts';
import { createPasswordResetMailer, type PasswordResetMailer } from './password-reset-mailer.ts';
import type { SignedInUser } from './signed-in-user.ts';

/** Sign-in with a session cookie: better-auth's endpoints, and the user a request's cookie belongs to. */
export interface SessionSignIn {
  /** Answers a request under `/api/auth/` (sign-in, sign-up, sign-out, the OpenID Connect callback). */
  handle(request: Request): Promise<Response>;
  /** The user whose live session the request's cookie names. */
  userFor(headers: Headers): Promise<SignedInUser | undefined>;
}

/** Puts better-auth on our database for a sessions deployment. */
export function createSessionSignIn({
  settings,
  kysely,
  dialect,
  basePath = '',
}: {
  settings: SessionAuthSettings;
  kysely: Kysely<DatabaseTables>;
  dialect: DatabaseDialect;
  /** Where the app is mounted; better-auth sees the request's whole path. */
  basePath?: string;
}): SessionSignIn {
  const mailer: PasswordResetMailer | undefined =
    settings.passwordReset === undefined ? undefined : createPasswordResetMailer(settings.passwordReset);
  const auth = betterAuth(betterAuthOptions({ settings, kysely, dialect, basePath, mailer }));
  return {
    handle: (request) => auth.handler(request),
    async userFor(headers) {
      const session = await auth.api.getSession({ headers });
      if (session === null) return undefined;
      const email = session.user.email.toLowerCase();
      return {
        id: session.user.id,
        name: session.user.name || email,
        email,
        // Marked by `drawbridge admin grant`, never by the address: signing up proves nobody owns it.
        isAdmin: session.user.isAdmin === true,
        via: 'session',
      };
    },
  };
}
