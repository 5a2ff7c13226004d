import { type Kysely, sql } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * Version 17: branches. Each message links to the one before it in its branch (`messages.parent_id`; `null` for
 * the first), and a thread names the last message of the branch it shows (`threads.leaf_id`), so an edited
 * message or a regenerated reply is a sibling of the one it replaces, which stays. Existing threads are one
 * branch: each message's parent is the one stored before it.
 */
export function messageBranchesMigration(): Migration {
  return {
    async up(database: Kysely<unknown>) {
      await database.schema.alterTable('messages').addColumn('parent_id', 'text').execute();
      await database.schema.alterTable('threads').addColumn('leaf_id', 'text').execute();
      await sql`
        UPDATE messages SET parent_id = (
          SELECT earlier.id FROM messages earlier
          WHERE earlier.thread_id = messages.thread_id AND earlier.sequence < messages.sequence
          ORDER BY earlier.sequence DESC LIMIT 1
        )`.execute(database);
      await sql`
        UPDATE threads SET leaf_id = (
          SELECT last.id FROM messages last WHERE last.thread_id = threads.id
          ORDER BY last.sequence DESC LIMIT 1
        )`.execute(database);
      // A branch is read by walking parent links, and siblings are the children of one parent.
      await database.schema
        .createIndex('messages_by_parent')
        .on('messages')
        .columns(['thread_id', 'parent_id'])
        .execute();
    },
  };
}
