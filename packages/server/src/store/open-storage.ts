import { openKyselyTelemetry } from '../telemetry/open-kysely-telemetry.ts';
import type { TelemetryStore } from '../telemetry/telemetry-store.ts';
import type { DatabaseLocation } from './database-location.ts';
import { type OpenedDatabase, openDatabase } from './open-database.ts';
import { openKyselyStore } from './open-kysely-store.ts';
import type { Store } from './store.ts';

/** The store and the telemetry over one database: one connection (SQLite) or one pool (PostgreSQL). */
export interface Storage {
  store: Store;
  telemetry: TelemetryStore;
  database: OpenedDatabase;
  /** Closes the shared database; closing the store or the telemetry does the same. */
  close(): Promise<void>;
}

/** Opens and migrates the database at `location` and puts the store and the telemetry on it. */
export async function openStorage({
  location,
  clock,
  ids,
}: {
  location: DatabaseLocation;
  clock?: () => Date;
  ids?: () => string;
}): Promise<Storage> {
  return storageOn(await openDatabase({ location }), { clock, ids });
}

/** The store and the telemetry on a database already open and migrated. */
export function storageOn(
  database: OpenedDatabase,
  { clock, ids }: { clock?: () => Date; ids?: () => string } = {},
): Storage {
  const shared = { database, ...(clock ? { clock } : {}), ...(ids ? { ids } : {}) };
  return {
    store: openKyselyStore(shared),
    telemetry: openKyselyTelemetry(shared),
    database,
    close: () => database.close(),
  };
}
