import type { ColumnDataType, Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import { type DatabaseDialect, timeColumnType } from '../database-dialect.ts';

/**
 * Version 4: signed-in users.
 * - The four tables better-auth keeps (users, sessions, linked accounts with password hashes or OpenID
 *   Connect subjects, one-time verification values), under our `auth_` names and with exactly the columns
 *   and types better-auth 1.7 would create for its options in `auth/better-auth-options.ts`; a test asks
 *   better-auth's own schema check to find nothing missing. Their columns keep better-auth's camelCase names.
 * - `api_tokens`: a user's tokens for programmatic AG-UI clients, stored as SHA-256 of the secret only.
 */
export function signInMigration({ dialect }: { dialect: DatabaseDialect }): Migration {
  const date: ColumnDataType = dialect === 'postgres' ? 'timestamptz' : 'date';
  const boolean: ColumnDataType = dialect === 'postgres' ? 'boolean' : 'integer';
  return {
    async up(database: Kysely<unknown>) {
      await database.schema
        .createTable('auth_users')
        .addColumn('id', 'text', (column) => column.primaryKey().notNull())
        .addColumn('name', 'text', (column) => column.notNull())
        .addColumn('email', 'text', (column) => column.notNull().unique())
        .addColumn('emailVerified', boolean, (column) => column.notNull())
        .addColumn('image', 'text')
        .addColumn('createdAt', date, (column) => column.notNull())
        .addColumn('updatedAt', date, (column) => column.notNull())
        .execute();
      await database.schema
        .createTable('auth_sessions')
        .addColumn('id', 'text', (column) => column.primaryKey().notNull())
        .addColumn('expiresAt', date, (column) => column.notNull())
        .addColumn('token', 'text', (column) => column.notNull().unique())
        .addColumn('createdAt', date, (column) => column.notNull())
        .addColumn('updatedAt', date, (column) => column.notNull())
        .addColumn('ipAddress', 'text')
        .addColumn('userAgent', 'text')
        .addColumn('userId', 'text', (column) =>
          column.notNull().references('auth_users.id').onDelete('cascade'),
        )
        .execute();
      await database.schema
        .createTable('auth_accounts')
        .addColumn('id', 'text', (column) => column.primaryKey().notNull())
        .addColumn('accountId', 'text', (column) => column.notNull())
        .addColumn('providerId', 'text', (column) => column.notNull())
        .addColumn('userId', 'text', (column) =>
          column.notNull().references('auth_users.id').onDelete('cascade'),
        )
        .addColumn('accessToken', 'text')
        .addColumn('refreshToken', 'text')
        .addColumn('idToken', 'text')
        .addColumn('accessTokenExpiresAt', date)
        .addColumn('refreshTokenExpiresAt', date)
        .addColumn('scope', 'text')
        .addColumn('password', 'text')
        .addColumn('createdAt', date, (column) => column.notNull())
        .addColumn('updatedAt', date, (column) => column.notNull())
        .execute();
      await database.schema
        .createTable('auth_verifications')
        .addColumn('id', 'text', (column) => column.primaryKey().notNull())
        .addColumn('identifier', 'text', (column) => column.notNull())
        .addColumn('value', 'text', (column) => column.notNull())
        .addColumn('expiresAt', date, (column) => column.notNull())
        .addColumn('createdAt', date, (column) => column.notNull())
        .addColumn('updatedAt', date, (column) => column.notNull())
        .execute();
      await database.schema
        .createIndex('auth_sessions_userId_idx')
        .on('auth_sessions')
        .column('userId')
        .execute();
      await database.schema
        .createIndex('auth_accounts_userId_idx')
        .on('auth_accounts')
        .column('userId')
        .execute();
      await database.schema
        .createIndex('auth_verifications_identifier_idx')
        .on('auth_verifications')
        .column('identifier')
        .execute();

      await database.schema
        .createTable('api_tokens')
        .addColumn('id', 'text', (column) => column.primaryKey())
        .addColumn('user_id', 'text', (column) => column.notNull())
        .addColumn('user_name', 'text', (column) => column.notNull())
        .addColumn('user_email', 'text')
        .addColumn('name', 'text', (column) => column.notNull())
        .addColumn('secret_digest', 'text', (column) => column.notNull().unique())
        .addColumn('created_at', timeColumnType({ dialect }), (column) => column.notNull())
        .execute();
      await database.schema.createIndex('api_tokens_by_user').on('api_tokens').column('user_id').execute();
      // Dashboards of one user read that user's runs: through their threads, by thread and start time.
      await database.schema
        .createIndex('runs_by_thread')
        .on('runs')
        .columns(['thread_id', 'started_at'])
        .execute();
    },
  };
}
