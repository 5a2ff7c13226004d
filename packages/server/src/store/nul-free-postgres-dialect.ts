import { PostgresDialect, PostgresQueryCompiler, type QueryCompiler } from 'kysely';
import { nulFreeParameters } from './nul-free-parameters.ts';

const NulFreePostgresQueryCompiler = nulFreeParameters(PostgresQueryCompiler);

/** Kysely's PostgreSQL dialect, with U+0000 replaced in every text parameter (`withoutNul`). */
export class NulFreePostgresDialect extends PostgresDialect {
  override createQueryCompiler(): QueryCompiler {
    return new NulFreePostgresQueryCompiler();
  }
}
