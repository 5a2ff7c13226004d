import { type Kysely, sql } from 'kysely';
import type { DatabaseTables } from './database-tables.ts';
import { searchSnippet } from './search-snippet.ts';
import type { Store } from './store.ts';
import { threadFromRow } from './store-rows.ts';

/** `%` and `_` in a query are the characters the user typed, not LIKE wildcards. */
function likePattern(query: string): string {
  return `%${query.toLowerCase().replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

/**
 * Chat search over titles and the text of user and assistant messages, the same query in SQLite and
 * PostgreSQL. `lower(…) LIKE` scans; a local history is small, and a deployment that outgrows it wants a
 * full-text index behind this same method.
 */
export function kyselyThreadSearch({
  kysely,
}: {
  kysely: Kysely<DatabaseTables>;
}): Pick<Store, 'searchThreads'> {
  return {
    async searchThreads({ query, limit, kind = 'chat', userId, archived }) {
      const pattern = likePattern(query.trim());
      const matches = (column: string) => sql<boolean>`lower(${sql.ref(column)}) LIKE ${pattern} ESCAPE '\\'`;
      let threadQuery = kysely
        .selectFrom('threads as t')
        .selectAll('t')
        .where('t.kind', '=', kind)
        .where((where) =>
          where.or([
            matches('t.title'),
            where.exists(
              where
                .selectFrom('messages as m')
                .select('m.id')
                .whereRef('m.thread_id', '=', 't.id')
                .where('m.role', 'in', ['user', 'assistant'])
                .where(matches('m.content')),
            ),
          ]),
        );
      if (userId !== undefined) threadQuery = threadQuery.where('t.user_id', '=', userId);
      if (archived !== undefined) {
        threadQuery = threadQuery.where('t.archived_at', archived ? 'is not' : 'is', null);
      }
      const threads = await threadQuery
        .orderBy('t.updated_at', 'desc')
        .orderBy('t.created_at', 'desc')
        .orderBy('t.id', 'desc')
        .limit(limit)
        .execute();
      if (threads.length === 0) return [];
      const matchingMessages = await kysely
        .selectFrom('messages')
        .select(['thread_id', 'content'])
        .where(
          'thread_id',
          'in',
          threads.map((thread) => thread.id),
        )
        .where('role', 'in', ['user', 'assistant'])
        .where(matches('content'))
        .orderBy('sequence')
        .execute();
      const snippets = new Map<string, string>();
      for (const message of matchingMessages) {
        if (snippets.has(message.thread_id)) continue;
        const snippet = searchSnippet({ text: message.content, query });
        if (snippet !== undefined) snippets.set(message.thread_id, snippet);
      }
      return threads.map((row) => ({ thread: threadFromRow(row), snippet: snippets.get(row.id) ?? null }));
    },
  };
}
