import type { Insertable } from 'kysely';
import type { ThreadsTable } from '../database-tables.ts';

/** A `threads` row for tests that write the table directly: titled by its id, owned by user `u`. */
export function threadRow(id: string, at = '2026-01-01T00:00:00.000Z'): Insertable<ThreadsTable> {
  return { id, title: id, is_titled: 0, created_at: at, updated_at: at, user_id: 'u' };
}
