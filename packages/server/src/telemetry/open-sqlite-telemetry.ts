import { openStorage } from '../store/open-storage.ts';
import type { TelemetryStore } from './telemetry-store.ts';

/**
 * The telemetry alone on a SQLite file or `:memory:`, for tests and a caller that brings its own store.
 * One process must not open the same file twice: use `openStorage` for a store and telemetry on one file.
 */
export async function openSqliteTelemetry({
  path,
  clock,
  ids,
}: {
  path: string;
  clock?: () => Date;
  ids?: () => string;
}): Promise<TelemetryStore> {
  const storage = await openStorage({
    location: { dialect: 'sqlite', path },
    ...(clock ? { clock } : {}),
    ...(ids ? { ids } : {}),
  });
  return storage.telemetry;
}
