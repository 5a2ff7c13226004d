import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { CompiledQuery, Kysely, sql } from 'kysely';
import pg from 'pg';
import { type CompiledStatements, kyselyStatements } from './compiled-statements.ts';
import type { DatabaseDialect } from './database-dialect.ts';
import { type DatabaseLocation, describeDatabaseLocation } from './database-location.ts';
import type { DatabaseTables } from './database-tables.ts';
import { DatabaseUnavailableError } from './database-unavailable-error.ts';
import { migrateDatabase } from './migrate-database.ts';
import { NodeSqliteDialect } from './node-sqlite-dialect.ts';
import { NulFreePostgresDialect } from './nul-free-postgres-dialect.ts';
import { startWalCheckpointer, type WalCheckpointer } from './wal-checkpointer.ts';

/** One open database, migrated to this build's schema, shared by the store and the telemetry. */
export interface OpenedDatabase {
  kysely: Kysely<DatabaseTables>;
  /** Where the store's compiled statements run: straight on `node:sqlite`, or through Kysely on PostgreSQL. */
  statements: CompiledStatements;
  dialect: DatabaseDialect;
  /** Closes the file or the connection pool; closing twice is harmless. */
  close(): Promise<void>;
}

/** Connections per instance; a run writes a few rows a second, the dashboard reads in bursts. */
const postgresPoolSize = 10;

/**
 * WAL pages past which the server's own connection checkpoints after every commit, as SQLite does at 1,000
 * by default: only a backstop (about 80 MB at 4 KiB pages) for a checkpoint worker that is gone or failing.
 */
const walBackstopPages = 20_000;

/** A WAL file that grew past this is cut back to it when it starts over, rather than keeping its largest size. */
const walSizeLimitBytes = 64 * 1024 * 1024;

interface SqliteKysely {
  kysely: Kysely<DatabaseTables>;
  statements: CompiledStatements;
  /** Absent for an in-memory database, which has no WAL. */
  checkpointer?: WalCheckpointer;
}

function sqliteKysely(path: string, reportError: (message: string, error: unknown) => void): SqliteKysely {
  const inMemory = path === ':memory:';
  if (!inMemory) mkdirSync(dirname(path), { recursive: true });
  const database = new DatabaseSync(path, { enableForeignKeyConstraints: true });
  // A writer waits up to 5 s for another connection's lock (the checkpoint worker's, a second process's)
  // instead of failing at once. A pragma rather than the `timeout` option, which Node 22 does not have.
  database.exec('PRAGMA busy_timeout = 5000');
  // WAL lets the dashboard read while a run writes; an in-memory database has no journal file to switch.
  // With WAL, `synchronous = NORMAL` keeps every commit through a crash or kill of the process and the file
  // always consistent, and flushes to disk at checkpoints instead of on every commit: `node:sqlite` runs
  // on the event loop, so a flush per commit (one per answered parked call) stalled every request behind
  // it (bench/bridge.ts: p50 265 ms at 500 answers/s). Only a power cut or an OS crash can lose the last
  // commits.
  if (!inMemory) database.exec('PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL');
  // Checkpoints copy the WAL into the file and flush both to disk: 60 ms of a blocked event loop for 12 MB
  // of WAL. A worker does them (`wal-checkpointer.ts`); SQLite's own, on this connection, only past a backstop.
  if (!inMemory) {
    database.exec(
      `PRAGMA wal_autocheckpoint = ${walBackstopPages}; PRAGMA journal_size_limit = ${walSizeLimitBytes}`,
    );
  }
  // SQLite's own `lower` folds ASCII letters only, so a search for "über" missed "Über"; this one folds as
  // JavaScript does, like PostgreSQL's under a UTF-8 locale, and search lowers the query the same way.
  database.function('lower', { deterministic: true }, (text) =>
    typeof text === 'string' ? text.toLowerCase() : text,
  );
  const dialect = new NodeSqliteDialect({ database });
  const kysely = new Kysely<DatabaseTables>({ dialect });
  if (inMemory) return { kysely, statements: dialect.statements };
  const { statements } = dialect;
  // Between the connection's other queries and transactions, like any of them.
  const checkpointHere = async () => {
    await statements.executeQuery(CompiledQuery.raw('PRAGMA wal_checkpoint(PASSIVE)'));
  };
  return { kysely, statements, checkpointer: startWalCheckpointer({ path, checkpointHere, reportError }) };
}

function postgresKysely(
  url: string,
  reportError: (message: string, error: unknown) => void,
): { kysely: Kysely<DatabaseTables>; statements: CompiledStatements } {
  const pool = new pg.Pool({ connectionString: url, max: postgresPoolSize });
  // An idle connection that the server drops (restart, failover) emits here; unhandled it would end the
  // process, while the pool simply opens a new connection for the next query.
  pool.on('error', (error) => reportError('an idle PostgreSQL connection failed', error));
  const kysely = new Kysely<DatabaseTables>({ dialect: new NulFreePostgresDialect({ pool }) });
  return { kysely, statements: kyselyStatements(kysely) };
}

/**
 * Opens the database at `location` and applies the migrations it has not seen. Throws
 * `DatabaseUnavailableError` when PostgreSQL cannot be reached and `DatabaseMigrationError` when the schema
 * cannot be brought up to date; in both cases nothing stays open.
 */
export async function openDatabase({
  location,
  reportError = (message, error) => console.error(`drawbridge: ${message}:`, error),
}: {
  location: DatabaseLocation;
  reportError?: (message: string, error: unknown) => void;
}): Promise<OpenedDatabase> {
  const { kysely, statements, checkpointer }: SqliteKysely =
    location.dialect === 'postgres'
      ? postgresKysely(location.url, reportError)
      : sqliteKysely(location.path, reportError);
  let closing: Promise<void> | undefined;
  const close = () => {
    // The worker's connection closes first, so the server's, the file's last, checkpoints and removes the WAL.
    closing ??= (async () => {
      await checkpointer?.stop();
      await kysely.destroy();
    })();
    return closing;
  };
  try {
    if (location.dialect === 'postgres') {
      try {
        await sql`SELECT 1`.execute(kysely);
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        throw new DatabaseUnavailableError(
          `could not connect to ${describeDatabaseLocation(location)}: ${reason}`,
          { cause: error },
        );
      }
    }
    await migrateDatabase({ database: kysely, dialect: location.dialect });
  } catch (error) {
    await close();
    throw error;
  }
  return { kysely, statements, dialect: location.dialect, close };
}
