import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { DatabaseDialect } from '../database-dialect.ts';

/**
 * Version 9: the run log is stored (`run_events`), so an event is durable before any client is sent it. A row
 * holds consecutive events of one run, `first_seq` to `last_seq`, as a JSON array: the events of a run that
 * one commit stores together. A run is named by its record's `sequence` (`run_key`), not its text id: every
 * running run writes a row per tick, and an integer key costs SQLite less than half of what a UUID's does
 * per insert (`bench/event-path.ts`). No foreign key: a thread deleted mid-run must not fail the commit of
 * other runs' events; `deleteThread` and the retention sweep delete the rows.
 */
export function runEventsMigration({ dialect }: { dialect: DatabaseDialect }): Migration {
  return {
    async up(database: Kysely<unknown>) {
      await database.schema
        .createTable('run_events')
        .addColumn('run_key', dialect === 'postgres' ? 'bigint' : 'integer', (column) => column.notNull())
        .addColumn('first_seq', 'integer', (column) => column.notNull())
        .addColumn('last_seq', 'integer', (column) => column.notNull())
        .addColumn('events', 'text', (column) => column.notNull())
        .addPrimaryKeyConstraint('run_events_key', ['run_key', 'first_seq'])
        .execute();
    },
  };
}
