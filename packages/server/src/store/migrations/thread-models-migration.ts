import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * Version 13: the model a chat was set to in its top bar (an id of `GET /api/health`'s `models`); `null`, as on
 * every older thread, runs the server's default model.
 */
export function threadModelsMigration(): Migration {
  return {
    async up(database: Kysely<unknown>) {
      await database.schema.alterTable('threads').addColumn('model', 'text').execute();
    },
  };
}
