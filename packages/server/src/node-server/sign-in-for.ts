import { createApiTokenStore } from '../auth/api-token-store.ts';
import type { AuthSettings } from '../auth/auth-settings.ts';
import { createSessionSignIn } from '../auth/session-sign-in.ts';
import type { SignIn } from '../auth/sign-in-guard.ts';
import type { OpenedDatabase } from '../store/open-database.ts';
import { SettingError } from './setting-error.ts';

/** The sign-in an auth mode needs, on the server's own database (accounts, sessions and API tokens live there). */
export function signInFor({
  settings,
  database,
  basePath = '',
}: {
  settings: AuthSettings;
  database: OpenedDatabase | undefined;
  /** Where the app is mounted (`createDrawbridge({ basePath })`): better-auth's endpoints are under it. */
  basePath?: string;
}): SignIn {
  if (settings.mode === 'local') return { settings };
  if (database === undefined) {
    throw new SettingError(
      'Sign-in keeps accounts and tokens in the server database: let the server open it.',
    );
  }
  const tokens = createApiTokenStore({ kysely: database.kysely });
  if (settings.mode === 'proxy') return { settings, tokens };
  const sessions = createSessionSignIn({
    settings,
    kysely: database.kysely,
    dialect: database.dialect,
    basePath,
  });
  return { settings, sessions, tokens };
}
