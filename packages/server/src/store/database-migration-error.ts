/** Raised at start-up when the database cannot be brought to this build's schema; nothing was served yet. */
export class DatabaseMigrationError extends Error {
  override readonly name = 'DatabaseMigrationError';
  readonly code = 'database_migration_failed';
  /** The migration that failed, when one did (not for a database that is newer than this build). */
  readonly migrationName: string | undefined;

  constructor({
    message,
    migrationName,
    cause,
  }: {
    message: string;
    migrationName?: string;
    cause?: unknown;
  }) {
    super(message, cause === undefined ? undefined : { cause });
    this.migrationName = migrationName;
  }
}
