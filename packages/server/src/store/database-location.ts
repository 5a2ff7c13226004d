import { DatabaseConfigError } from './database-config-error.ts';
import { defaultDatabasePath } from './default-database-path.ts';

/** Where the tables live: a SQLite file (the embedded default, or `:memory:`) or a PostgreSQL database. */
export type DatabaseLocation = { dialect: 'sqlite'; path: string } | { dialect: 'postgres'; url: string };

/**
 * `DRAWBRIDGE_DATABASE_URL=postgres://…` (or `postgresql://…`) selects PostgreSQL; without it the SQLite file
 * at `DRAWBRIDGE_DB` (default `./data/drawbridge.db`) is used. Throws `DatabaseConfigError` for any other URL.
 */
export function databaseLocationFromEnvironment(
  environment: Record<string, string | undefined>,
): DatabaseLocation {
  const url = environment.DRAWBRIDGE_DATABASE_URL?.trim();
  if (!url) return { dialect: 'sqlite', path: defaultDatabasePath(environment) };
  if (/^postgres(ql)?:\/\//i.test(url)) return { dialect: 'postgres', url };
  throw new DatabaseConfigError(
    'DRAWBRIDGE_DATABASE_URL must be a PostgreSQL URL (postgres://user:password@host:5432/database); ' +
      'leave it unset to use the SQLite file at DRAWBRIDGE_DB (default ./data/drawbridge.db).',
  );
}

/** The location without credentials, for logs and error messages. */
export function describeDatabaseLocation(location: DatabaseLocation): string {
  if (location.dialect === 'sqlite') return `SQLite ${location.path}`;
  try {
    const url = new URL(location.url);
    return `PostgreSQL ${url.hostname || 'localhost'}:${url.port || '5432'}${url.pathname}`;
  } catch {
    // pg accepts some strings WHATWG URL parsing refuses; never echo them, they may carry a password.
    return 'PostgreSQL (DRAWBRIDGE_DATABASE_URL)';
  }
}
