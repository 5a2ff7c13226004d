import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * A widget the server stopped at one of `widgetLimits` remembers why (`refusal_json`: code and
 * message), so a reload shows the same card. `null` for every widget made before, and for every widget within
 * the limits.
 */
export function widgetRefusalsMigration(): Migration {
  return {
    async up(database: Kysely<unknown>) {
      await database.schema.alterTable('widgets').addColumn('refusal_json', 'text').execute();
    },
  };
}
