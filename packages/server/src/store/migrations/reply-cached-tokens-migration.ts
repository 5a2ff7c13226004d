import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * Version 12: the input tokens of a reply its provider read from the prompt cache, beside the other token
 * counts on the reply's last stored message; `null` when the provider reported none (and on older replies).
 */
export function replyCachedTokensMigration(): Migration {
  return {
    async up(database: Kysely<unknown>) {
      await database.schema
        .alterTable('messages')
        .addColumn('reply_cached_input_tokens', 'integer')
        .execute();
    },
  };
}
