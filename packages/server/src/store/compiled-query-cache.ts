import type { Compilable, CompiledQuery, QueryResult } from 'kysely';
import type { StatementRunner } from './compiled-statements.ts';
import { withoutNul } from './nul-free-text.ts';

/** Stands in for a named value while a query is compiled; replaced by the value on every execution. */
class QueryParameter {
  readonly name: string;

  constructor(name: string) {
    this.name = name;
  }
}

/** Hands out placeholders for the values of one query shape, typed as the values they stand for. */
export type ParameterOf<Values> = <Name extends keyof Values & string>(name: Name) => Values[Name];

/**
 * Queries the store runs on every run, compiled once per shape instead of once per call. Building and
 * compiling a Kysely query (the builder's frozen nodes, then the compiler's walk) costs several times what
 * SQLite takes to run it, and `node:sqlite` runs on the event loop that every stream shares. A shape is
 * built once with placeholders from `parameter`, compiled by the dialect, and executed with each call's
 * values put where the placeholders were (through `withoutNul`, as the compiler does for other values).
 * `key` names the shape: every call with the same key must build the same SQL, so a value that changes
 * the SQL (a column set, a list length) belongs in the key and every other value comes from `parameter`.
 */
export class CompiledQueryCache {
  readonly #statements: StatementRunner;
  readonly #compiled = new Map<string, CompiledQuery>();

  /** Shapes run on `statements` unless a call names a transaction's. */
  constructor({ statements }: { statements: StatementRunner }) {
    this.#statements = statements;
  }

  /** Runs the shape `key` on `queries` (the database's statements, or a transaction's) with `values`. */
  execute<Values extends Record<string, unknown>, Row>({
    queries = this.#statements,
    key,
    build,
    values,
  }: {
    queries?: StatementRunner;
    key: string;
    build: (parameter: ParameterOf<Values>) => Compilable<Row>;
    values: Values;
  }): Promise<QueryResult<Row>> {
    let compiled = this.#compiled.get(key) as CompiledQuery<Row> | undefined;
    if (compiled === undefined) {
      const parameter = (name: string) => new QueryParameter(name);
      compiled = build(parameter as ParameterOf<Values>).compile();
      this.#compiled.set(key, compiled);
    }
    const parameters = compiled.parameters.map((value) =>
      value instanceof QueryParameter ? withoutNul(values[value.name]) : value,
    );
    return queries.executeQuery<Row>({ ...compiled, parameters });
  }
}

/** A placeholder for each of `values`' keys: a row or column set whose values change from call to call. */
export function placeholdersFor<Values extends Record<string, unknown>>(
  parameter: ParameterOf<Values>,
  values: Values,
): Values {
  return Object.fromEntries(Object.keys(values).map((name) => [name, parameter(name)])) as Values;
}
