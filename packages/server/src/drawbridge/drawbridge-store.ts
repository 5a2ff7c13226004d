import { type Kysely, PostgresAdapter } from 'kysely';
import { kyselyStatements } from '../store/compiled-statements.ts';
import type { DatabaseLocation } from '../store/database-location.ts';
import type { DatabaseTables } from '../store/database-tables.ts';
import { migrateDatabase } from '../store/migrate-database.ts';
import type { OpenedDatabase } from '../store/open-database.ts';
import { openStorage, type Storage, storageOn } from '../store/open-storage.ts';

/**
 * Where Drawbridge keeps threads, runs and widgets: a SQLite file (`':memory:'` for none), a PostgreSQL URL
 * (`postgres://…`), or your own Kysely instance on PostgreSQL or SQLite, on which Drawbridge creates and migrates
 * its own tables (all prefixed or named for it: `threads`, `messages`, `runs`, `auth_*`, …) and which it never
 * closes.
 */
// biome-ignore lint/suspicious/noExplicitAny: a team's Kysely is typed with its own tables, none of ours.
export type DrawbridgeStore = string | Kysely<any>;

/** A store string as a database location: a PostgreSQL URL, or else a SQLite path. */
export function storeLocation(store: string): DatabaseLocation {
  return /^postgres(ql)?:\/\//i.test(store)
    ? { dialect: 'postgres', url: store }
    : { dialect: 'sqlite', path: store };
}

/** Opens (and migrates) the storage `store` names; the configured `location` when it names none. */
export async function openDrawbridgeStorage({
  store,
  location,
}: {
  store: DrawbridgeStore | undefined;
  location: DatabaseLocation;
}): Promise<Storage> {
  if (store === undefined) return openStorage({ location });
  if (typeof store === 'string') return openStorage({ location: storeLocation(store) });
  const kysely = store as Kysely<DatabaseTables>;
  const dialect = kysely.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
  await migrateDatabase({ database: kysely, dialect });
  const database: OpenedDatabase = {
    kysely,
    statements: kyselyStatements(kysely),
    dialect,
    // Yours: you close it.
    close: async () => undefined,
  };
  return storageOn(database);
}
