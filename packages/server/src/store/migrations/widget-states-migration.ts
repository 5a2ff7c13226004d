import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import { type DatabaseDialect, timeColumnType } from '../database-dialect.ts';

/**
 * Version 16: what a widget keeps (`host.setState`: what the user typed, picked, counted), one row per widget
 * lineage, so every revision of the widget shares it and a reload finds it. Deleted with its thread.
 */
export function widgetStatesMigration({ dialect }: { dialect: DatabaseDialect }): Migration {
  return {
    async up(database: Kysely<unknown>) {
      await database.schema
        .createTable('widget_states')
        .addColumn('thread_id', 'text', (column) =>
          column.notNull().references('threads.id').onDelete('cascade'),
        )
        .addColumn('lineage_id', 'text', (column) => column.notNull())
        .addColumn('state_json', 'text', (column) => column.notNull())
        .addColumn('updated_at', timeColumnType({ dialect }), (column) => column.notNull())
        .addPrimaryKeyConstraint('widget_states_key', ['thread_id', 'lineage_id'])
        .execute();
    },
  };
}
