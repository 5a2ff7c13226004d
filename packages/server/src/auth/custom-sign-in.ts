import type { AuthSettings } from './auth-settings.ts';
import type { SignIn } from './sign-in-guard.ts';

/** A user of an app that embeds Drawbridge, as its own sign-in knows them. */
export interface DrawbridgeUser {
  /** Stable and unique: every thread, run and widget is scoped to it. */
  id: string;
  name: string;
  email?: string | null;
  /** Sees every user's data on the dashboard; default false. */
  isAdmin?: boolean;
}

/**
 * The embedding app's sign-in: who a request acts for, from its cookies or headers; `undefined` (or `null`)
 * for nobody, which every `/api/` route but health and session answers with `401 sign_in_required`.
 */
export type AuthenticateRequest = (
  request: Request,
) => DrawbridgeUser | null | undefined | Promise<DrawbridgeUser | null | undefined>;

/** Sign-in by the embedding app's own function; `settings` still give the per-user run and token limits. */
export function customSignIn({
  authenticate,
  settings,
}: {
  authenticate: AuthenticateRequest;
  settings: AuthSettings;
}): SignIn {
  return {
    settings,
    async authenticate(request) {
      const user = await authenticate(request);
      if (user === null || user === undefined) return undefined;
      return {
        id: user.id,
        name: user.name,
        email: user.email?.toLowerCase() ?? null,
        isAdmin: user.isAdmin ?? false,
        via: 'app',
      };
    },
  };
}
