import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import { type DatabaseDialect, timeColumnType } from '../database-dialect.ts';

/**
 * Version 18: a chat can be pinned to the top of the list and archived out of it (issue 37, item 8). Each is
 * the time it was done, `null` (as on every older thread) while it is not; neither moves the chat's
 * `updated_at`, which dates it in the list. Times are text in ISO 8601, compared byte by byte (collation "C" on
 * PostgreSQL, whatever the server's locale) like every other time column.
 */
export function threadPlacementMigration({ dialect }: { dialect: DatabaseDialect }): Migration {
  return {
    async up(database: Kysely<unknown>) {
      const time = timeColumnType({ dialect });
      await database.schema.alterTable('threads').addColumn('pinned_at', time).execute();
      await database.schema.alterTable('threads').addColumn('archived_at', time).execute();
    },
  };
}
