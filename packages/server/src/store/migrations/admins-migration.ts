import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { DatabaseDialect } from '../database-dialect.ts';

/**
 * Version 7: admins are marked, not named by a setting. `auth_users.isAdmin` is set by `drawbridge admin
 * grant` and read with each session; signing up with an address proves nobody owns it, so no account is
 * an admin until an operator says so (issue 35, item 4). better-auth knows the column as an additional field
 * that no request may set; existing accounts start as plain users.
 */
export function adminsMigration({ dialect }: { dialect: DatabaseDialect }): Migration {
  return {
    async up(database: Kysely<unknown>) {
      await database.schema
        .alterTable('auth_users')
        .addColumn('isAdmin', dialect === 'postgres' ? 'boolean' : 'integer', (column) =>
          column.notNull().defaultTo(dialect === 'postgres' ? false : 0),
        )
        .execute();
    },
  };
}
