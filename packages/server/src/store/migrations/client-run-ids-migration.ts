import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * Client run ids: the `runId` an AG-UI client sent with a run, kept as a second name for the run (whose own id
 * the server chooses, so one user's choice never collides with another's), unique among its user's runs. The
 * name goes with its run (thread deleted, run record pruned). Runs started before this version keep none.
 */
export function clientRunIdsMigration(): Migration {
  return {
    async up(database: Kysely<unknown>) {
      await database.schema
        .createTable('client_run_ids')
        .addColumn('user_id', 'text', (column) => column.notNull())
        .addColumn('client_run_id', 'text', (column) => column.notNull())
        .addColumn('run_id', 'text', (column) => column.notNull().references('runs.id').onDelete('cascade'))
        .addPrimaryKeyConstraint('client_run_ids_key', ['user_id', 'client_run_id'])
        .execute();
      // The cascade from a deleted run finds its name by this index instead of scanning the table.
      await database.schema
        .createIndex('client_run_ids_by_run')
        .on('client_run_ids')
        .column('run_id')
        .execute();
    },
  };
}
