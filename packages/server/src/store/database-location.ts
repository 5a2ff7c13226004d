/**
 * Where the tables live: a SQLite file (the embedded default, or `:memory:`) or a PostgreSQL database
 * (`config.store.location`, from `DRAWBRIDGE_DATABASE_URL` or `DRAWBRIDGE_DB`).
 */
export type DatabaseLocation = { dialect: 'sqlite'; path: string } | { dialect: 'postgres'; url: string };

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
