import { DrawbridgeError } from '@drawbridge/protocol';

/** Raised at start-up when the database cannot be brought to this build's schema; nothing was served yet. */
export class DatabaseMigrationError extends DrawbridgeError<'database_migration_failed'> {
  static override readonly errorName = 'DatabaseMigrationError';
  /** The migration that failed, when one did (not for a database that is newer than this build). */
  readonly migrationName: string | undefined;

  constructor({
    message,
    migrationName,
    cause,
  }: { message: string; migrationName?: string; cause?: unknown }) {
    super({ code: 'database_migration_failed', message, cause });
    this.migrationName = migrationName;
  }
}
