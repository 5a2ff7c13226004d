/** Raised at start-up for a database setting that cannot work; the message says how to fix it. */
export class DatabaseConfigError extends Error {
  override readonly name = 'DatabaseConfigError';
  readonly code = 'database_config_invalid';
}
