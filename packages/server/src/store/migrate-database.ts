import { type Kysely, sql } from 'kysely';
import { Migrator } from 'kysely/migration';
import type { DatabaseDialect } from './database-dialect.ts';
import { DatabaseMigrationError } from './database-migration-error.ts';
import type { DatabaseTables } from './database-tables.ts';
import { databaseMigrationProvider } from './migrations/database-migrations.ts';

/**
 * `PRAGMA user_version` once Kysely's migration table took over the schema version. Builds from before
 * Kysely refuse a file whose version is above 1 ("newer than this build knows"), so a downgrade cannot run
 * the old code over the new tables.
 */
export const sqliteUserVersionAfterKysely = 2;

async function guardSqliteUserVersion(database: Kysely<DatabaseTables>): Promise<void> {
  const { rows } = await sql<{ user_version: number }>`PRAGMA user_version`.execute(database);
  const version = Number(rows[0]?.user_version ?? 0);
  if (version > sqliteUserVersionAfterKysely) {
    throw new DatabaseMigrationError({
      message: `the SQLite file has schema version ${version}, newer than this build knows; upgrade Drawbridge`,
    });
  }
}

/** Applies every migration the database has not seen yet; throws `DatabaseMigrationError` when one fails. */
export async function migrateDatabase({
  database,
  dialect,
}: {
  database: Kysely<DatabaseTables>;
  dialect: DatabaseDialect;
}): Promise<void> {
  if (dialect === 'sqlite') await guardSqliteUserVersion(database);
  const migrator = new Migrator({ db: database, provider: databaseMigrationProvider({ dialect }) });
  const { error, results = [] } = await migrator.migrateToLatest();
  if (error !== undefined) {
    const failed = results.find((result) => result.status === 'Error');
    const reason = error instanceof Error ? error.message : String(error);
    throw new DatabaseMigrationError({
      message: failed
        ? `database migration ${failed.migrationName} failed: ${reason}`
        : `database migrations could not run: ${reason}`,
      ...(failed ? { migrationName: failed.migrationName } : {}),
      cause: error,
    });
  }
  if (dialect === 'sqlite') {
    // PRAGMA takes no bound parameters; the value is our own constant.
    await sql.raw(`PRAGMA user_version = ${sqliteUserVersionAfterKysely}`).execute(database);
  }
}
