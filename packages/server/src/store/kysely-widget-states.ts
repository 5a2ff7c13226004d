import type { StoredWidgetState } from '@drawbridge/protocol';
import type { Kysely } from 'kysely';
import type { DatabaseTables } from './database-tables.ts';
import type { Store } from './store.ts';
import { throwIfThreadMissing } from './throw-if-thread-missing.ts';

/** What widgets keep (`host.setState`), one row per thread and widget lineage, the same queries in SQLite and PostgreSQL. */
export function kyselyWidgetStates({
  kysely,
  now,
}: {
  kysely: Kysely<DatabaseTables>;
  now: () => string;
}): Pick<Store, 'setWidgetState' | 'listWidgetStates'> {
  return {
    async setWidgetState({ threadId, lineageId, stateJson }) {
      const updatedAt = now();
      try {
        await kysely
          .insertInto('widget_states')
          .values({
            thread_id: threadId,
            lineage_id: lineageId,
            state_json: stateJson,
            updated_at: updatedAt,
          })
          .onConflict((conflict) =>
            conflict
              .columns(['thread_id', 'lineage_id'])
              .doUpdateSet({ state_json: stateJson, updated_at: updatedAt }),
          )
          .execute();
      } catch (error) {
        // The thread may have gone away between the route's ownership check and this write.
        await throwIfThreadMissing({ kysely, threadId });
        throw error;
      }
      return updatedAt;
    },

    async listWidgetStates(threadId) {
      const rows = await kysely
        .selectFrom('widget_states')
        .select(['lineage_id', 'state_json', 'updated_at'])
        .where('thread_id', '=', threadId)
        .orderBy('updated_at', 'asc')
        .orderBy('lineage_id', 'asc')
        .execute();
      return rows.map(
        (row): StoredWidgetState => ({
          lineageId: row.lineage_id,
          state: JSON.parse(row.state_json) as StoredWidgetState['state'],
          updatedAt: row.updated_at,
        }),
      );
    },
  };
}
