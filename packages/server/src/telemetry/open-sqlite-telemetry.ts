import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { DatabaseSync, type SQLInputValue } from 'node:sqlite';
import type { AuditEntry, AuditQuery } from '../governance/audit-log.ts';
import type { TelemetryStore } from './telemetry-store.ts';
import type { WidgetEvent, WidgetEventKind } from './widget-event.ts';

// Its own tables, created idempotently, so the store's migrations and these never step on each other.
const schema = `
  CREATE TABLE IF NOT EXISTS audit_log (
    id TEXT PRIMARY KEY, at TEXT NOT NULL, actor TEXT NOT NULL, thread_id TEXT NOT NULL, run_id TEXT NOT NULL,
    tool_call_id TEXT NOT NULL, tool TEXT NOT NULL, arguments_digest TEXT NOT NULL,
    outcome TEXT NOT NULL CHECK (outcome IN ('ok', 'error', 'refused')), reason TEXT, duration_ms INTEGER NOT NULL
  );
  CREATE INDEX IF NOT EXISTS audit_log_by_time ON audit_log (at);
  CREATE TABLE IF NOT EXISTS widget_events (
    id TEXT PRIMARY KEY, at TEXT NOT NULL, thread_id TEXT NOT NULL, widget_id TEXT NOT NULL,
    kind TEXT NOT NULL, detail TEXT NOT NULL
  );
  CREATE INDEX IF NOT EXISTS widget_events_by_time ON widget_events (at);
`;

type Row = Record<string, SQLInputValue>;

function auditEntryFromRow(row: Row): AuditEntry {
  return {
    id: String(row.id),
    at: String(row.at),
    actor: String(row.actor),
    threadId: String(row.thread_id),
    runId: String(row.run_id),
    toolCallId: String(row.tool_call_id),
    tool: String(row.tool),
    argumentsDigest: String(row.arguments_digest),
    outcome: row.outcome as AuditEntry['outcome'],
    reason: row.reason === null ? null : String(row.reason),
    durationMs: Number(row.duration_ms),
  };
}

/** Opens the audit log and widget-event tables in the same SQLite file as the store. */
export function openSqliteTelemetry(options: {
  path: string;
  clock?: () => Date;
  ids?: () => string;
}): TelemetryStore {
  const clock = options.clock ?? (() => new Date());
  const newId = options.ids ?? randomUUID;
  if (options.path !== ':memory:') mkdirSync(dirname(options.path), { recursive: true });
  const database = new DatabaseSync(options.path, { timeout: 5000 });
  database.exec(schema);
  const insertAudit = database.prepare(
    `INSERT INTO audit_log (id, at, actor, thread_id, run_id, tool_call_id, tool, arguments_digest, outcome, reason, duration_ms)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const insertEvent = database.prepare(
    'INSERT INTO widget_events (id, at, thread_id, widget_id, kind, detail) VALUES (?, ?, ?, ?, ?, ?)',
  );
  const selectEvents = database.prepare(
    'SELECT * FROM widget_events WHERE at >= ? AND at <= ? ORDER BY at, rowid',
  );

  return {
    async append(entry) {
      insertAudit.run(
        entry.id,
        entry.at,
        entry.actor,
        entry.threadId,
        entry.runId,
        entry.toolCallId,
        entry.tool,
        entry.argumentsDigest,
        entry.outcome,
        entry.reason,
        entry.durationMs,
      );
    },
    async query(filter: AuditQuery = {}) {
      const conditions: string[] = [];
      const values: SQLInputValue[] = [];
      const columns = {
        since: 'at >=',
        until: 'at <=',
        tool: 'tool =',
        outcome: 'outcome =',
        threadId: 'thread_id =',
      };
      for (const [key, condition] of Object.entries(columns)) {
        const value = filter[key as keyof typeof columns];
        if (value === undefined) continue;
        conditions.push(`${condition} ?`);
        values.push(value);
      }
      const where = conditions.length ? `WHERE ${conditions.join(' AND ')}` : '';
      const rows = database
        .prepare(`SELECT * FROM audit_log ${where} ORDER BY at DESC, rowid DESC LIMIT ?`)
        .all(...values, Math.min(filter.limit ?? 500, 5000)) as Row[];
      return rows.map(auditEntryFromRow);
    },
    async recordWidgetEvent(input) {
      const event: WidgetEvent = { id: newId(), at: clock().toISOString(), ...input };
      insertEvent.run(event.id, event.at, event.threadId, event.widgetId, event.kind, event.detail);
      return event;
    },
    async listWidgetEvents({ since, until }) {
      return (selectEvents.all(since, until) as Row[]).map((row) => ({
        id: String(row.id),
        at: String(row.at),
        threadId: String(row.thread_id),
        widgetId: String(row.widget_id),
        kind: row.kind as WidgetEventKind,
        detail: String(row.detail),
      }));
    },
    async close() {
      database.close();
    },
  };
}
