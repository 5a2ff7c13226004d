import { randomUUID } from 'node:crypto';
import type { AuditEntry } from '../governance/audit-log.ts';
import type { OpenedDatabase } from '../store/open-database.ts';
import type { TelemetryStore } from './telemetry-store.ts';
import type { WidgetEvent, WidgetEventKind } from './widget-event.ts';

/** Most audit rows one query returns, whatever the caller asks for. */
const maximumAuditRows = 5000;

/**
 * The audit log and widget events in the same database as the store (SQLite or PostgreSQL), on the same
 * migrations. Closing it closes that database.
 */
export function openKyselyTelemetry({
  database,
  clock = () => new Date(),
  ids = randomUUID,
}: {
  database: OpenedDatabase;
  clock?: () => Date;
  ids?: () => string;
}): TelemetryStore {
  const { kysely } = database;
  // Audit records and widget events belong to whoever owns their thread (deleting a thread deletes them).
  const threadsOf = (userId: string) =>
    kysely.selectFrom('threads').select('id').where('user_id', '=', userId);
  return {
    async append(entry) {
      await kysely
        .insertInto('audit_log')
        .values({
          id: entry.id,
          at: entry.at,
          actor: entry.actor,
          thread_id: entry.threadId,
          run_id: entry.runId,
          tool_call_id: entry.toolCallId,
          tool: entry.tool,
          arguments_digest: entry.argumentsDigest,
          outcome: entry.outcome,
          reason: entry.reason,
          duration_ms: entry.durationMs,
        })
        .execute();
    },

    async query(filter = {}) {
      let query = kysely.selectFrom('audit_log').selectAll();
      if (filter.since !== undefined) query = query.where('at', '>=', filter.since);
      if (filter.until !== undefined) query = query.where('at', '<=', filter.until);
      if (filter.tool !== undefined) query = query.where('tool', '=', filter.tool);
      if (filter.outcome !== undefined) query = query.where('outcome', '=', filter.outcome);
      if (filter.threadId !== undefined) query = query.where('thread_id', '=', filter.threadId);
      const { userId } = filter;
      if (userId !== undefined) query = query.where('thread_id', 'in', threadsOf(userId));
      const rows = await query
        .orderBy('at', 'desc')
        .orderBy('sequence', 'desc')
        .limit(Math.min(filter.limit ?? 500, maximumAuditRows))
        .execute();
      return rows.map(
        (row): AuditEntry => ({
          id: row.id,
          at: row.at,
          actor: row.actor,
          threadId: row.thread_id,
          runId: row.run_id,
          toolCallId: row.tool_call_id,
          tool: row.tool,
          argumentsDigest: row.arguments_digest,
          outcome: row.outcome,
          reason: row.reason,
          durationMs: Number(row.duration_ms),
        }),
      );
    },

    async recordWidgetEvent(input) {
      const event: WidgetEvent = { id: ids(), at: clock().toISOString(), ...input };
      await kysely
        .insertInto('widget_events')
        .values({
          id: event.id,
          at: event.at,
          thread_id: event.threadId,
          widget_id: event.widgetId,
          kind: event.kind,
          detail: event.detail,
        })
        .execute();
      return event;
    },

    async pruneBefore({ before }) {
      return kysely.transaction().execute(async (transaction) => {
        const audit = await transaction.deleteFrom('audit_log').where('at', '<', before).executeTakeFirst();
        const events = await transaction
          .deleteFrom('widget_events')
          .where('at', '<', before)
          .executeTakeFirst();
        return { auditRecords: Number(audit.numDeletedRows), widgetEvents: Number(events.numDeletedRows) };
      });
    },

    async listWidgetEvents({ since, until, userId }) {
      let query = kysely
        .selectFrom('widget_events')
        .selectAll()
        .where('at', '>=', since)
        .where('at', '<=', until);
      if (userId !== undefined) query = query.where('thread_id', 'in', threadsOf(userId));
      const rows = await query.orderBy('at').orderBy('sequence').execute();
      return rows.map((row) => ({
        id: row.id,
        at: row.at,
        threadId: row.thread_id,
        widgetId: row.widget_id,
        kind: row.kind as WidgetEventKind,
        detail: row.detail,
      }));
    },

    close: () => database.close(),
  };
}
