/** Raised at start-up when the configured database cannot be reached; the message names it without secrets. */
export class DatabaseUnavailableError extends Error {
  override readonly name = 'DatabaseUnavailableError';
  readonly code = 'database_unavailable';
}
