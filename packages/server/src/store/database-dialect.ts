import type { ColumnDefinitionBuilder, CreateTableBuilder } from 'kysely';

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
