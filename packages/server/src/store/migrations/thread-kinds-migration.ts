import { type Kysely, sql } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * Version 9: a thread says whose conversation it is (`kind`), so the chat list shows only the user's chats
 * and a stored tool call is drawn again by the agent that made it (issue 36, items 2 and 13). Existing
 * threads are sorted by what wrote them:
 * - `sample`: the threads of `drawbridge sample-data` (runs of its `sample-data` model, or, once retention
 *   pruned those, its "Sample: …" title with the loader's `sample-…` message ids);
 * - `dashboard`: the dashboard assistant's threads (the panel titled every one "Dashboard assistant"; any
 *   thread its agent called a tool in has an audit record with the skill's name as the actor);
 * - `chat`: every other.
 */
export function threadKindsMigration(): Migration {
  return {
    async up(database: Kysely<unknown>) {
      await database.schema
        .alterTable('threads')
        .addColumn('kind', 'text', (column) =>
          column.notNull().defaultTo('chat').check(sql`kind IN ('chat', 'dashboard', 'sample')`),
        )
        .execute();
      await sql`
        UPDATE threads SET kind = 'dashboard'
        WHERE title = 'Dashboard assistant'
          OR id IN (SELECT thread_id FROM audit_log WHERE actor = 'dashboard')`.execute(database);
      // After the dashboard's: the sample also wrote audit records in the dashboard's name.
      await sql`
        UPDATE threads SET kind = 'sample'
        WHERE id IN (SELECT thread_id FROM runs WHERE model = 'sample-data')
          OR (title LIKE 'Sample: %' AND id IN (SELECT thread_id FROM messages WHERE id LIKE 'sample-%'))`.execute(
        database,
      );
    },
  };
}
