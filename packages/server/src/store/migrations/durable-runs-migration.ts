import { type Kysely, sql } from 'kysely';
import type { Migration } from 'kysely/migration';
import { type DatabaseDialect, timeColumnType, withSequenceKey } from '../database-dialect.ts';
import { localUserId } from '../local-user-id.ts';

/**
 * Version 2: what durable runs and signed-in users need.
 * - `runs` gains the owning instance and its lease, `finished_at` becomes `ended_at`, `aborted` becomes
 *   `cancelled`, and at most one run per thread may be `running` (a partial unique index, so two instances
 *   cannot both start one). SQLite cannot alter a CHECK constraint, so the table is rebuilt in both dialects.
 * - A run still `running` in an older database was left by a process that died (older builds never
 *   recovered them): it becomes `interrupted`, with no end time because nobody saw it end.
 * - `audit_log` and `widget_events` are rebuilt with an insertion `sequence`, the tie-breaker for rows with
 *   the same millisecond that SQLite's implicit rowid used to be and PostgreSQL does not have.
 * - `threads` gains its owner, the local user for every existing thread.
 */
export function durableRunsMigration({ dialect }: { dialect: DatabaseDialect }): Migration {
  // SQLite's rowid is the order rows were written; PostgreSQL's tables are new and empty at this point.
  const insertionOrder = (timeColumn: string) => sql.raw(dialect === 'sqlite' ? 'rowid' : timeColumn);
  return {
    async up(database: Kysely<unknown>) {
      const time = timeColumnType({ dialect });
      await database.schema
        .alterTable('threads')
        .addColumn('user_id', 'text', (column) => column.defaultTo(localUserId))
        .execute();
      await database.schema
        .createIndex('threads_by_user')
        .on('threads')
        .columns(['user_id', 'updated_at'])
        .execute();

      await withSequenceKey({ table: database.schema.createTable('runs_next'), dialect })
        .addColumn('id', 'text', (column) => column.notNull().unique())
        .addColumn('thread_id', 'text', (column) =>
          column.notNull().references('threads.id').onDelete('cascade'),
        )
        .addColumn('model', 'text', (column) => column.notNull())
        .addColumn('status', 'text', (column) =>
          column.notNull().check(sql`status IN ('running', 'finished', 'error', 'cancelled', 'interrupted')`),
        )
        .addColumn('started_at', time, (column) => column.notNull())
        .addColumn('ended_at', time)
        .addColumn('instance_id', 'text')
        .addColumn('lease_expires_at', time)
        .addColumn('input_tokens', 'integer')
        .addColumn('output_tokens', 'integer')
        .addColumn('error', 'text')
        .execute();
      await sql`
        INSERT INTO runs_next (id, thread_id, model, status, started_at, ended_at, input_tokens, output_tokens, error)
        SELECT id, thread_id, model,
          CASE status WHEN 'aborted' THEN 'cancelled' WHEN 'running' THEN 'interrupted' ELSE status END,
          started_at, finished_at, input_tokens, output_tokens, error
        FROM runs ORDER BY ${insertionOrder('started_at')}`.execute(database);
      await database.schema.dropTable('runs').execute();
      await database.schema.alterTable('runs_next').renameTo('runs').execute();
      await database.schema.createIndex('runs_by_start').on('runs').column('started_at').execute();
      await database.schema
        .createIndex('runs_one_running_per_thread')
        .on('runs')
        .column('thread_id')
        .unique()
        .where(sql.ref('status'), '=', 'running')
        .execute();
      await database.schema
        .createIndex('runs_by_lease')
        .on('runs')
        .columns(['status', 'lease_expires_at'])
        .execute();

      await withSequenceKey({ table: database.schema.createTable('audit_log_next'), dialect })
        .addColumn('id', 'text', (column) => column.notNull().unique())
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
      await sql`
        INSERT INTO audit_log_next
          (id, at, actor, thread_id, run_id, tool_call_id, tool, arguments_digest, outcome, reason, duration_ms)
        SELECT id, at, actor, thread_id, run_id, tool_call_id, tool, arguments_digest, outcome, reason, duration_ms
        FROM audit_log ORDER BY ${insertionOrder('at')}`.execute(database);
      await database.schema.dropTable('audit_log').execute();
      await database.schema.alterTable('audit_log_next').renameTo('audit_log').execute();
      await database.schema.createIndex('audit_log_by_time').on('audit_log').column('at').execute();

      await withSequenceKey({ table: database.schema.createTable('widget_events_next'), dialect })
        .addColumn('id', 'text', (column) => column.notNull().unique())
        .addColumn('at', time, (column) => column.notNull())
        .addColumn('thread_id', 'text', (column) => column.notNull())
        .addColumn('widget_id', 'text', (column) => column.notNull())
        .addColumn('kind', 'text', (column) => column.notNull())
        .addColumn('detail', 'text', (column) => column.notNull())
        .execute();
      await sql`
        INSERT INTO widget_events_next (id, at, thread_id, widget_id, kind, detail)
        SELECT id, at, thread_id, widget_id, kind, detail
        FROM widget_events ORDER BY ${insertionOrder('at')}`.execute(database);
      await database.schema.dropTable('widget_events').execute();
      await database.schema.alterTable('widget_events_next').renameTo('widget_events').execute();
      await database.schema.createIndex('widget_events_by_time').on('widget_events').column('at').execute();
    },
  };
}
