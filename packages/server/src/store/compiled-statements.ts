import type { CompiledQuery, Kysely, QueryResult } from 'kysely';
import type { DatabaseTables } from './database-tables.ts';

/** Where compiled statements run: the database, or one open transaction on it. */
export interface StatementRunner {
  executeQuery<Row>(query: CompiledQuery<Row>): Promise<QueryResult<Row>>;
}

/** The database's compiled statements, each on its own or several in one transaction. */
export interface CompiledStatements extends StatementRunner {
  /** Runs `work`'s statements in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<Result>(work: (transaction: StatementRunner) => Promise<Result>): Promise<Result>;
}

/** Compiled statements through Kysely's own executor and transactions (PostgreSQL's pool). */
export function kyselyStatements(kysely: Kysely<DatabaseTables>): CompiledStatements {
  return {
    executeQuery: (query) => kysely.executeQuery(query),
    transaction: (work) => kysely.transaction().execute(work),
  };
}
