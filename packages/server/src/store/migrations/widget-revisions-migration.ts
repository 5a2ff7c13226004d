import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * Version 3: a widget an edit made remembers what it is a revision of (`revision_json`: lineage, number, base
 * and why the edit failed, if it did), so revisions survive a reload. `null` for every widget made before.
 */
export function widgetRevisionsMigration(): Migration {
  return {
    async up(database: Kysely<unknown>) {
      await database.schema.alterTable('widgets').addColumn('revision_json', 'text').execute();
    },
  };
}
