import { afterEach } from 'vitest';
import type { DatabaseDialect } from '../packages/server/src/store/database-dialect.ts';
import { openStorage, type Storage } from '../packages/server/src/store/open-storage.ts';
import { createPostgresTestDatabase } from './postgres-test-database.ts';

/** Both dialects, for `describe.each`: every store and telemetry suite runs against each. */
export const storageDialects: readonly DatabaseDialect[] = ['sqlite', 'postgres'];

/** Fresh, migrated storage: an in-memory SQLite database, or a new database on the throwaway PostgreSQL. */
export async function openTestStorage({
  dialect,
  clock,
  ids,
}: {
  dialect: DatabaseDialect;
  clock?: () => Date;
  ids?: () => string;
}): Promise<Storage> {
  const location =
    dialect === 'postgres'
      ? { dialect, url: await createPostgresTestDatabase() }
      : { dialect, path: ':memory:' };
  return openStorage({ location, ...(clock ? { clock } : {}), ...(ids ? { ids } : {}) });
}

/**
 * For a suite on one dialect: opens fresh storage as `openTestStorage` does, and closes each one after its test.
 * Call it in the `describe` (or at the top of the file): that is where it registers its `afterEach`.
 */
export function testStorageOpener(
  dialect: DatabaseDialect,
): (options?: { clock?: () => Date; ids?: () => string }) => Promise<Storage> {
  const opened: Storage[] = [];
  afterEach(async () => {
    for (const storage of opened.splice(0)) await storage.close();
  });
  return async (options = {}) => {
    const storage = await openTestStorage({ dialect, ...options });
    opened.push(storage);
    return storage;
  };
}
