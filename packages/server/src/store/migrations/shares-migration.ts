import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import { type DatabaseDialect, timeColumnType } from '../database-dialect.ts';

/**
 * Version 19: read-only links (`/share/<token>`). Each row keeps the SHA-256 digest of its token (the token
 * itself is shown once and never stored) and a copy of what it shows as it was when it was made
 * (`snapshot_json`: the chat's messages, or one widget revision). Revoking a link deletes its row, and so
 * does deleting its chat (`ON DELETE CASCADE`).
 */
export function sharesMigration({ dialect }: { dialect: DatabaseDialect }): Migration {
  return {
    async up(database: Kysely<unknown>) {
      await database.schema
        .createTable('shares')
        .addColumn('id', 'text', (column) => column.primaryKey())
        .addColumn('user_id', 'text', (column) => column.notNull())
        .addColumn('thread_id', 'text', (column) =>
          column.notNull().references('threads.id').onDelete('cascade'),
        )
        .addColumn('widget_id', 'text')
        .addColumn('title', 'text', (column) => column.notNull())
        .addColumn('token_digest', 'text', (column) => column.notNull().unique())
        .addColumn('snapshot_json', 'text', (column) => column.notNull())
        .addColumn('created_at', timeColumnType({ dialect }), (column) => column.notNull())
        .execute();
      await database.schema
        .createIndex('shares_user_id')
        .on('shares')
        .columns(['user_id', 'created_at'])
        .execute();
      await database.schema.createIndex('shares_thread_id').on('shares').column('thread_id').execute();
    },
  };
}
