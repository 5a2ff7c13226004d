import {
  type ColumnDataType,
  type ColumnDefinitionBuilder,
  type CreateTableBuilder,
  type Expression,
  sql,
} from 'kysely';

/** The SQL dialects the store runs on: the embedded default and the scale-out database. */
export type DatabaseDialect = 'sqlite' | 'postgres';

/** Adds an auto-numbered integer primary key named `sequence`, spelled the way each dialect wants it. */
export function withSequenceKey<Table extends string, Columns extends string>({
  table,
  dialect,
}: {
  table: CreateTableBuilder<Table, Columns>;
  dialect: DatabaseDialect;
}): CreateTableBuilder<Table, Columns | 'sequence'> {
  return dialect === 'postgres'
    ? table.addColumn('sequence', 'bigserial', (column: ColumnDefinitionBuilder) => column.primaryKey())
    : table.addColumn('sequence', 'integer', (column: ColumnDefinitionBuilder) =>
        column.primaryKey().autoIncrement(),
      );
}

/**
 * The column type of an ISO-8601 time. PostgreSQL compares text by the database's locale, which may skip
 * punctuation; the "C" collation compares bytes, as SQLite does, so ordering and range filters on times
 * never depend on how the server was installed.
 */
export function timeColumnType({
  dialect,
}: {
  dialect: DatabaseDialect;
}): ColumnDataType | Expression<unknown> {
  return dialect === 'postgres' ? sql`text collate "C"` : 'text';
}
