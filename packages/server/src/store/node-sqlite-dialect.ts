import type { DatabaseSync } from 'node:sqlite';
import {
  type DialectAdapter,
  type QueryCompiler,
  SqliteAdapter,
  SqliteDialect,
  SqliteQueryCompiler,
} from 'kysely';
import { nodeSqliteDatabase } from './node-sqlite-database.ts';
import { nulFreeParameters } from './nul-free-parameters.ts';

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

const NulFreeSqliteQueryCompiler = nulFreeParameters(SqliteQueryCompiler);

/**
 * Kysely's SQLite dialect over Node's built-in `node:sqlite` (no native addon), with transactional DDL and
 * U+0000 replaced in every text parameter as in PostgreSQL (`withoutNul`), so both dialects store the same.
 */
export class NodeSqliteDialect extends SqliteDialect {
  constructor({ database }: { database: DatabaseSync }) {
    super({ database: nodeSqliteDatabase({ database }) });
  }

  override createAdapter(): DialectAdapter {
    return new TransactionalDdlSqliteAdapter();
  }

  override createQueryCompiler(): QueryCompiler {
    return new NulFreeSqliteQueryCompiler();
  }
}
