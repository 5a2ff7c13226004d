import type { DatabaseSync, SQLInputValue, StatementSync } from 'node:sqlite';
import type { SqliteDatabase, SqliteStatement } from 'kysely';

/** Statements kept prepared; Kysely's SQL text repeats per query shape, so a small cache covers the store. */
const maximumCachedStatements = 256;

function wrapStatement(statement: StatementSync): SqliteStatement {
  const parameters = (values: ReadonlyArray<unknown>) => values as SQLInputValue[];
  return {
    // A statement that yields columns is a query (SELECT, or a write with RETURNING): Kysely reads its rows.
    reader: statement.columns().length > 0,
    all: (values) => statement.all(...parameters(values)),
    run: (values) => statement.run(...parameters(values)),
    iterate: (values) => statement.iterate(...parameters(values)),
  };
}

/**
 * Presents Node's built-in `node:sqlite` database in the shape Kysely's `SqliteDialect` expects (the
 * better-sqlite3 interface), so the embedded default needs no native addon.
 */
export function nodeSqliteDatabase({ database }: { database: DatabaseSync }): SqliteDatabase {
  const statements = new Map<string, SqliteStatement>();
  return {
    prepare(sql) {
      // A deferred BEGIN that later writes can fail at once with SQLITE_BUSY, skipping the busy timeout, when
      // another process holds the file; taking the write lock up front makes it wait its turn instead.
      const text = sql.trim().toLowerCase() === 'begin' ? 'begin immediate' : sql;
      const cached = statements.get(text);
      if (cached !== undefined) {
        // Re-inserting keeps the Map ordered from least to most recently used.
        statements.delete(text);
        statements.set(text, cached);
        return cached;
      }
      const statement = wrapStatement(database.prepare(text));
      statements.set(text, statement);
      if (statements.size > maximumCachedStatements) {
        statements.delete(statements.keys().next().value as string);
      }
      return statement;
    },
    close() {
      statements.clear();
      if (database.isOpen) database.close();
    },
  };
}
