import type { DatabaseSync } from 'node:sqlite';
import {
  type DatabaseConnection,
  type DialectAdapter,
  type Driver,
  type QueryCompiler,
  SqliteAdapter,
  SqliteDialect,
  type SqliteDialectConfig,
  SqliteDriver,
  SqliteQueryCompiler,
} from 'kysely';
import type { CompiledStatements } from './compiled-statements.ts';
import { ConnectionQueue } from './connection-queue.ts';
import { nodeSqliteDatabase } from './node-sqlite-database.ts';
import { nulFreeParameters } from './nul-free-parameters.ts';
import { sqliteStatements } from './sqlite-statements.ts';

/**
 * SQLite does run CREATE, ALTER and DROP inside a transaction; Kysely's adapter says it cannot only to stay
 * safe across every SQLite driver. Saying so lets the migrator run all pending migrations in one transaction,
 * so a failing migration leaves the file exactly as it was.
 */
class TransactionalDdlSqliteAdapter extends SqliteAdapter {
  override get supportsTransactionalDdl(): boolean {
    return true;
  }

  /**
   * Not true of SQLite's one connection: it keeps Kysely from adding its own lock, because
   * `QueuedSqliteDriver` lends the connection itself, in order.
   */
  override get supportsMultipleConnections(): boolean {
    return true;
  }
}

/** Kysely's SQLite driver, its one connection lent to one query or transaction at a time (`ConnectionQueue`). */
class QueuedSqliteDriver extends SqliteDriver {
  readonly #queue: ConnectionQueue;

  constructor(config: SqliteDialectConfig, queue: ConnectionQueue) {
    super(config);
    this.#queue = queue;
  }

  override async acquireConnection(): Promise<DatabaseConnection> {
    await this.#queue.acquire();
    return super.acquireConnection();
  }

  override async releaseConnection(): Promise<void> {
    this.#queue.release();
  }
}

const NulFreeSqliteQueryCompiler = nulFreeParameters(SqliteQueryCompiler);

/**
 * Kysely's SQLite dialect over Node's built-in `node:sqlite` (no native addon), with transactional DDL and
 * U+0000 replaced in every text parameter as in PostgreSQL (`withoutNul`), so both dialects store the same.
 * `statements` runs the store's compiled statements on the same connection, in turn with Kysely's queries.
 */
export class NodeSqliteDialect extends SqliteDialect {
  readonly statements: CompiledStatements;
  readonly #config: SqliteDialectConfig;
  readonly #queue = new ConnectionQueue();

  constructor({ database }: { database: DatabaseSync }) {
    const connection = nodeSqliteDatabase({ database });
    const config = { database: connection };
    super(config);
    this.#config = config;
    this.statements = sqliteStatements({ database, connection, queue: this.#queue });
  }

  override createDriver(): Driver {
    return new QueuedSqliteDriver(this.#config, this.#queue);
  }

  override createAdapter(): DialectAdapter {
    return new TransactionalDdlSqliteAdapter();
  }

  override createQueryCompiler(): QueryCompiler {
    return new NulFreeSqliteQueryCompiler();
  }
}
