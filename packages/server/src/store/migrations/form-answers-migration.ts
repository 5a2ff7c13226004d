import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * Version 3: a user message sent from a typed form keeps the answers it carries (`form_answers_json`: the
 * form's tool call id and each field's value), so a reloaded thread draws that form as sent, with them.
 * Existing messages have none, which is what they are: nothing recorded which form they answered.
 */
export function formAnswersMigration(): Migration {
  return {
    async up(database: Kysely<unknown>) {
      await database.schema.alterTable('messages').addColumn('form_answers_json', 'text').execute();
    },
  };
}
