import type { DatabaseSync } from 'node:sqlite';
import { type DialectAdapter, SqliteAdapter, SqliteDialect } from 'kysely';
import { nodeSqliteDatabase } from './node-sqlite-database.ts';

/**
 * SQLite does run CREATE, ALTER and DROP inside a transaction; Kysely's adapter says it cannot only to stay
 * safe across every SQLite driver. Saying so lets the migrator run all pending migrations in one transaction,
 * so a failing migration leaves the file exactly as it was.
 */
class TransactionalDdlSqliteAdapter extends SqliteAdapter {
  override get supportsTransactionalDdl(): boolean {
    return true;
  }
}

/** Kysely's SQLite dialect over Node's built-in `node:sqlite` (no native addon), with transactional DDL. */
export class NodeSqliteDialect extends SqliteDialect {
  constructor({ database }: { database: DatabaseSync }) {
    super({ database: nodeSqliteDatabase({ database }) });
  }

  override createAdapter(): DialectAdapter {
    return new TransactionalDdlSqliteAdapter();
  }
}
