import type { Kysely } from 'kysely';
import type { DatabaseTables } from './database-tables.ts';
import { ThreadNotFoundError } from './thread-not-found-error.ts';

/**
 * Throws `ThreadNotFoundError` when the thread `threadId` is not (or no longer) there; resolves when it is. Called
 * after a write for the thread failed, to tell a thread deleted meanwhile (its foreign key refused the write) from
 * any other failure: reading the thread only then keeps the common path to the writes themselves.
 */
export async function throwIfThreadMissing({
  kysely,
  threadId,
}: {
  kysely: Kysely<DatabaseTables>;
  threadId: string;
}): Promise<void> {
  const thread = await kysely
    .selectFrom('threads')
    .select('id')
    .where('id', '=', threadId)
    .executeTakeFirst();
  if (thread === undefined) throw new ThreadNotFoundError(threadId);
}
