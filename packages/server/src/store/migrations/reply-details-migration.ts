import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * Version 3: a reply's model and token counts, on the last stored message of the reply. The run record
 * has them too, but runs are pruned by retention while the transcript stays, and a thread may hold
 * replies of several models.
 */
export function replyDetailsMigration(): Migration {
  return {
    async up(database: Kysely<unknown>) {
      await database.schema.alterTable('messages').addColumn('reply_model', 'text').execute();
      await database.schema.alterTable('messages').addColumn('reply_input_tokens', 'integer').execute();
      await database.schema.alterTable('messages').addColumn('reply_output_tokens', 'integer').execute();
    },
  };
}
