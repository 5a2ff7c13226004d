import { openStorage } from './open-storage.ts';
import type { Store } from './store.ts';

/**
 * A store alone on a SQLite file or `:memory:`, for tests and tools that need no telemetry beside it.
 * One process must not open the same file twice: use `openStorage` for a store and telemetry on one file.
 */
export async function openSqliteStore({
  path,
  clock,
  ids,
}: {
  path: string;
  clock?: () => Date;
  ids?: () => string;
}): Promise<Store> {
  const storage = await openStorage({
    location: { dialect: 'sqlite', path },
    ...(clock ? { clock } : {}),
    ...(ids ? { ids } : {}),
  });
  return storage.store;
}
