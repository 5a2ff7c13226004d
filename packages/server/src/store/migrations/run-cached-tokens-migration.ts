import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * Version 15: the part of a run's input tokens its provider read from the prompt cache, beside the run's other
 * token counts, for the dashboard's token chart; `null` when the provider reported none (and on older runs).
 */
export function runCachedTokensMigration(): Migration {
  return {
    async up(database: Kysely<unknown>) {
      await database.schema.alterTable('runs').addColumn('cached_input_tokens', 'integer').execute();
    },
  };
}
