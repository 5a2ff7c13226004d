/** SQLite's result code for a write the disk (or `max_page_count`) had no room for. */
const sqliteFull = 13;
/** PostgreSQL's SQLSTATE `disk_full`. */
const postgresDiskFull = '53100';

/**
 * Whether `error` (or an error it was caused by) says the database had no room to write: SQLite's
 * `SQLITE_FULL` ("database or disk is full", `node:sqlite`'s `errcode` 13) or PostgreSQL's `disk_full`. The
 * write did not happen and the database is intact; writes succeed again once space returns.
 */
export function isStorageFullError(error: unknown): boolean {
  for (let current = error, depth = 0; current instanceof Error && depth < 8; depth += 1) {
    const { errcode, code } = current as { errcode?: unknown; code?: unknown };
    // SQLite reports extended codes too (the low byte is the primary code).
    if (typeof errcode === 'number' && (errcode & 0xff) === sqliteFull) return true;
    if (code === postgresDiskFull) return true;
    current = current.cause;
  }
  return false;
}
