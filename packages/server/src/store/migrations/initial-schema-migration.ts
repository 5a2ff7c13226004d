import { type Kysely, sql } from 'kysely';
import type { Migration } from 'kysely/migration';
import { type DatabaseDialect, timeColumnType, withSequenceKey } from '../database-dialect.ts';

/**
 * Version 1: the schema the first SQLite builds wrote (store tables by `PRAGMA user_version` 1, telemetry
 * tables created on demand). Every statement is "if not exists", so a database made by those builds adopts
 * this migration as already applied, and a new database, SQLite or PostgreSQL, starts from the same point.
 */
export function initialSchemaMigration({ dialect }: { dialect: DatabaseDialect }): Migration {
  return {
    async up(database: Kysely<unknown>) {
      const time = timeColumnType({ dialect });
      await database.schema
        .createTable('threads')
        .ifNotExists()
        .addColumn('id', 'text', (column) => column.primaryKey())
        .addColumn('title', 'text', (column) => column.notNull())
        .addColumn('is_titled', 'integer', (column) => column.notNull().defaultTo(0))
        .addColumn('created_at', time, (column) => column.notNull())
        .addColumn('updated_at', time, (column) => column.notNull())
        .execute();
      await database.schema
        .createIndex('threads_by_updated')
        .ifNotExists()
        .on('threads')
        .column('updated_at')
        .execute();

      await withSequenceKey({ table: database.schema.createTable('messages').ifNotExists(), dialect })
        .addColumn('id', 'text', (column) => column.notNull().unique())
        .addColumn('thread_id', 'text', (column) =>
          column.notNull().references('threads.id').onDelete('cascade'),
        )
        .addColumn('role', 'text', (column) =>
          column.notNull().check(sql`role IN ('user', 'assistant', 'tool')`),
        )
        .addColumn('content', 'text', (column) => column.notNull())
        .addColumn('created_at', time, (column) => column.notNull())
        .addColumn('tool_call_id', 'text')
        .addColumn('render_json', 'text')
        .execute();
      await database.schema
        .createIndex('messages_by_thread')
        .ifNotExists()
        .on('messages')
        .columns(['thread_id', 'sequence'])
        .execute();

      await database.schema
        .createTable('widgets')
        .ifNotExists()
        .addColumn('message_id', 'text', (column) =>
          column.primaryKey().references('messages.id').onDelete('cascade'),
        )
        .addColumn('thread_id', 'text', (column) =>
          column.notNull().references('threads.id').onDelete('cascade'),
        )
        .addColumn('widget_id', 'text', (column) => column.notNull())
        .addColumn('height', 'integer')
        .addColumn('css', 'text', (column) => column.notNull())
        .addColumn('html', 'text', (column) => column.notNull())
        .addColumn('js', 'text', (column) => column.notNull())
        .addColumn('complete', 'integer', (column) => column.notNull())
        .execute();
      await database.schema
        .createIndex('widgets_by_thread')
        .ifNotExists()
        .on('widgets')
        .columns(['thread_id', 'widget_id'])
        .execute();

      await database.schema
        .createTable('runs')
        .ifNotExists()
        .addColumn('id', 'text', (column) => column.primaryKey())
        .addColumn('thread_id', 'text', (column) =>
          column.notNull().references('threads.id').onDelete('cascade'),
        )
        .addColumn('model', 'text', (column) => column.notNull())
        .addColumn('started_at', time, (column) => column.notNull())
        .addColumn('finished_at', time)
        .addColumn('status', 'text', (column) =>
          column.notNull().check(sql`status IN ('running', 'finished', 'error', 'aborted')`),
        )
        .addColumn('input_tokens', 'integer')
        .addColumn('output_tokens', 'integer')
        .addColumn('error', 'text')
        .execute();
      await database.schema
        .createIndex('runs_by_start')
        .ifNotExists()
        .on('runs')
        .column('started_at')
        .execute();

      await database.schema
        .createTable('audit_log')
        .ifNotExists()
        .addColumn('id', 'text', (column) => column.primaryKey())
        .addColumn('at', time, (column) => column.notNull())
        .addColumn('actor', 'text', (column) => column.notNull())
        .addColumn('thread_id', 'text', (column) => column.notNull())
        .addColumn('run_id', 'text', (column) => column.notNull())
        .addColumn('tool_call_id', 'text', (column) => column.notNull())
        .addColumn('tool', 'text', (column) => column.notNull())
        .addColumn('arguments_digest', 'text', (column) => column.notNull())
        .addColumn('outcome', 'text', (column) =>
          column.notNull().check(sql`outcome IN ('ok', 'error', 'refused')`),
        )
        .addColumn('reason', 'text')
        .addColumn('duration_ms', 'integer', (column) => column.notNull())
        .execute();
      await database.schema
        .createIndex('audit_log_by_time')
        .ifNotExists()
        .on('audit_log')
        .column('at')
        .execute();

      await database.schema
        .createTable('widget_events')
        .ifNotExists()
        .addColumn('id', 'text', (column) => column.primaryKey())
        .addColumn('at', time, (column) => column.notNull())
        .addColumn('thread_id', 'text', (column) => column.notNull())
        .addColumn('widget_id', 'text', (column) => column.notNull())
        .addColumn('kind', 'text', (column) => column.notNull())
        .addColumn('detail', 'text', (column) => column.notNull())
        .execute();
      await database.schema
        .createIndex('widget_events_by_time')
        .ifNotExists()
        .on('widget_events')
        .column('at')
        .execute();
    },
  };
}
