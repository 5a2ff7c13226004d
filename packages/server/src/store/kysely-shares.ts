import type { Share } from '@drawbridge/protocol';
import type { Kysely } from 'kysely';
import type { DatabaseTables, SharesTable } from './database-tables.ts';
import type { Store } from './store.ts';
import { throwIfThreadMissing } from './throw-if-thread-missing.ts';

function shareFromRow(
  row: Pick<SharesTable, 'id' | 'thread_id' | 'widget_id' | 'title' | 'created_at'>,
): Share {
  return {
    id: row.id,
    threadId: row.thread_id,
    widgetId: row.widget_id,
    title: row.title,
    createdAt: row.created_at,
  };
}

const listedColumns = ['id', 'thread_id', 'widget_id', 'title', 'created_at'] as const;

/** Read-only links: who made them, the digest of each token and what each shows, in SQLite and PostgreSQL alike. */
export function kyselyShares({
  kysely,
  now,
  ids,
}: {
  kysely: Kysely<DatabaseTables>;
  now: () => string;
  ids: () => string;
}): Pick<Store, 'createShare' | 'listShares' | 'deleteShare' | 'findShare'> {
  return {
    async createShare({ userId, threadId, widgetId, title, tokenDigest, snapshotJson }) {
      const share: Share = { id: ids(), threadId, widgetId, title, createdAt: now() };
      try {
        await kysely
          .insertInto('shares')
          .values({
            id: share.id,
            user_id: userId,
            thread_id: threadId,
            widget_id: widgetId,
            title,
            token_digest: tokenDigest,
            snapshot_json: snapshotJson,
            created_at: share.createdAt,
          })
          .execute();
      } catch (error) {
        // The chat may have gone away between the route's ownership check and this write.
        await throwIfThreadMissing({ kysely, threadId });
        throw error;
      }
      return share;
    },

    async listShares({ userId, threadId }) {
      let query = kysely.selectFrom('shares').select(listedColumns).where('user_id', '=', userId);
      if (threadId !== undefined) query = query.where('thread_id', '=', threadId);
      const rows = await query.orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
      return rows.map(shareFromRow);
    },

    async deleteShare({ id, userId }) {
      const result = await kysely
        .deleteFrom('shares')
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    async findShare(tokenDigest) {
      const row = await kysely
        .selectFrom('shares')
        .select([...listedColumns, 'user_id', 'snapshot_json'])
        .where('token_digest', '=', tokenDigest)
        .executeTakeFirst();
      return row === undefined
        ? undefined
        : { share: shareFromRow(row), userId: row.user_id, snapshotJson: row.snapshot_json };
    },
  };
}
