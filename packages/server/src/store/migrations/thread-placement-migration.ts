import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * Version 18: a chat can be pinned to the top of the list and archived out of it (issue 37, item 8). Each is
 * the time it was done, `null` (as on every older thread) while it is not; neither moves the chat's
 * `updated_at`, which dates it in the list.
 */
export function threadPlacementMigration(): Migration {
  return {
    async up(database: Kysely<unknown>) {
      await database.schema.alterTable('threads').addColumn('pinned_at', 'text').execute();
      await database.schema.alterTable('threads').addColumn('archived_at', 'text').execute();
    },
  };
}
