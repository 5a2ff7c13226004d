import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import { type DatabaseDialect, timeColumnType } from '../database-dialect.ts';

/**
 * Version 14: files users attach to messages. `attachments` holds each file's bytes with the type the server
 * decided for it, its owner, and — once a message carried it — its thread, whose deletion takes it along
 * (`ON DELETE CASCADE`); a file uploaded and never sent has no thread, and the retention sweep removes it.
 * `messages.attachments_json` lists what a user message carried (id, name, type, size), so a thread reads
 * back with its attachments in the one query that reads its messages.
 */
export function attachmentsMigration({ dialect }: { dialect: DatabaseDialect }): Migration {
  return {
    async up(database: Kysely<unknown>) {
      await database.schema
        .createTable('attachments')
        .addColumn('id', 'text', (column) => column.primaryKey())
        .addColumn('user_id', 'text', (column) => column.notNull())
        .addColumn('thread_id', 'text', (column) => column.references('threads.id').onDelete('cascade'))
        .addColumn('name', 'text', (column) => column.notNull())
        .addColumn('media_type', 'text', (column) => column.notNull())
        .addColumn('size', 'integer', (column) => column.notNull())
        .addColumn('data', dialect === 'postgres' ? 'bytea' : 'blob', (column) => column.notNull())
        .addColumn('created_at', timeColumnType({ dialect }), (column) => column.notNull())
        .execute();
      await database.schema
        .createIndex('attachments_thread_id')
        .on('attachments')
        .column('thread_id')
        .execute();
      await database.schema.alterTable('messages').addColumn('attachments_json', 'text').execute();
    },
  };
}
