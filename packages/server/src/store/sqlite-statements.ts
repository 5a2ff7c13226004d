import type { DatabaseSync } from 'node:sqlite';
import type { CompiledQuery, QueryResult, SqliteDatabase } from 'kysely';
import type { CompiledStatements, StatementRunner } from './compiled-statements.ts';
import type { ConnectionQueue } from './connection-queue.ts';

/** One statement on the connection, with the result Kysely's SQLite connection would give. */
function runStatement<Row>(database: SqliteDatabase, query: CompiledQuery<Row>): QueryResult<Row> {
  const statement = database.prepare(query.sql);
  if (statement.reader) return { rows: statement.all(query.parameters) as Row[] };
  const { changes, lastInsertRowid } = statement.run(query.parameters);
  return {
    numAffectedRows: BigInt(changes),
    ...(lastInsertRowid === undefined || lastInsertRowid === null
      ? {}
      : { insertId: BigInt(lastInsertRowid) }),
    rows: [],
  };
}

/**
 * The store's compiled statements run straight on `node:sqlite`, beside Kysely rather than through its
 * executor and transaction objects, which cost more than SQLite takes for a run's small writes
 * (`bench/store-in-flight.ts`). They take turns with Kysely's queries on the same `ConnectionQueue`, so
 * a transaction here is as isolated as one through Kysely.
 */
export function sqliteStatements({
  database,
  connection,
  queue,
}: {
  /** The file itself, asked whether a transaction is still open after a failure. */
  database: DatabaseSync;
  /** The same prepared-statement cache Kysely's driver uses. */
  connection: SqliteDatabase;
  queue: ConnectionQueue;
}): CompiledStatements {
  const inTransaction: StatementRunner = {
    executeQuery: async (query) => runStatement(connection, query),
  };
  return {
    async executeQuery(query) {
      await queue.acquire();
      try {
        return runStatement(connection, query);
      } finally {
        queue.release();
      }
    },
    async transaction(work) {
      await queue.acquire();
      try {
        // IMMEDIATE takes the write lock up front, so another process's lock is waited out, not failed on.
        connection.prepare('begin immediate').run([]);
        try {
          const result = await work(inTransaction);
          connection.prepare('commit').run([]);
          return result;
        } catch (error) {
          // A failed COMMIT may have ended the transaction already (SQLite rolls back on some errors).
          if (database.isTransaction) connection.prepare('rollback').run([]);
          throw error;
        }
      } finally {
        queue.release();
      }
    },
  };
}
