import { DatabaseSync } from 'node:sqlite';

/**
 * The schema the SQLite builds before Kysely wrote, verbatim: the store's one migration (recorded as
 * `PRAGMA user_version = 1`) and the telemetry tables it created on demand.
 */
const legacyStoreSchema = `
  CREATE TABLE threads (
    id TEXT PRIMARY KEY,
    title TEXT NOT NULL,
    is_titled INTEGER NOT NULL DEFAULT 0,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL
  );
  CREATE INDEX threads_by_updated ON threads (updated_at);

  CREATE TABLE messages (
    sequence INTEGER PRIMARY KEY AUTOINCREMENT,
    id TEXT NOT NULL UNIQUE,
    thread_id TEXT NOT NULL REFERENCES threads (id) ON DELETE CASCADE,
    role TEXT NOT NULL CHECK (role IN ('user', 'assistant', 'tool')),
    content TEXT NOT NULL,
    created_at TEXT NOT NULL,
    tool_call_id TEXT,
    render_json TEXT
  );
  CREATE INDEX messages_by_thread ON messages (thread_id, sequence);

  CREATE TABLE widgets (
    message_id TEXT PRIMARY KEY REFERENCES messages (id) ON DELETE CASCADE,
    thread_id TEXT NOT NULL REFERENCES threads (id) ON DELETE CASCADE,
    widget_id TEXT NOT NULL,
    height INTEGER,
    css TEXT NOT NULL,
    html TEXT NOT NULL,
    js TEXT NOT NULL,
    complete INTEGER NOT NULL
  );
  CREATE INDEX widgets_by_thread ON widgets (thread_id, widget_id);

  CREATE TABLE runs (
    id TEXT PRIMARY KEY,
    thread_id TEXT NOT NULL REFERENCES threads (id) ON DELETE CASCADE,
    model TEXT NOT NULL,
    started_at TEXT NOT NULL,
    finished_at TEXT,
    status TEXT NOT NULL CHECK (status IN ('running', 'finished', 'error', 'aborted')),
    input_tokens INTEGER,
    output_tokens INTEGER,
    error TEXT
  );
  CREATE INDEX runs_by_start ON runs (started_at);
`;

const legacyTelemetrySchema = `
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

/**
 * Writes a database file as an older build left it after some use: two threads, a widget, a render carrier,
 * runs in every old status (one `running`, as a crash left it), audit rows sharing a millisecond, and events.
 */
export function writeLegacySqliteDatabase({ path }: { path: string }): void {
  const database = new DatabaseSync(path, { enableForeignKeyConstraints: true });
  database.exec('PRAGMA journal_mode = WAL');
  database.exec(legacyStoreSchema);
  database.exec('PRAGMA user_version = 1');
  database.exec(legacyTelemetrySchema);
  database.exec(`
    INSERT INTO threads VALUES ('t1', 'Revenue chart', 1, '2026-11-01T10:00:00.000Z', '2026-11-01T10:05:00.000Z');
    INSERT INTO threads VALUES ('t2', 'New chat', 0, '2026-11-02T10:00:00.000Z', '2026-11-02T10:00:00.000Z');
    INSERT INTO messages (id, thread_id, role, content, created_at, tool_call_id, render_json) VALUES
      ('u1', 't1', 'user', 'Revenue chart', '2026-11-01T10:00:01.000Z', NULL, NULL),
      ('a1', 't1', 'assistant', 'Here it is.', '2026-11-01T10:00:02.000Z', NULL, NULL),
      ('c1', 't1', 'assistant', '', '2026-11-01T10:00:03.000Z', 'call-1', '{"tool":"render_table","args":{"rows":[[1]]}}'),
      ('r1', 't1', 'tool', 'Displayed the table to the user.', '2026-11-01T10:00:04.000Z', 'call-1', NULL);
    INSERT INTO widgets VALUES ('a1', 't1', 'w1', 320, '.a{}', '<h1>Chart</h1>', 'console.log(1)', 1);
    INSERT INTO runs VALUES
      ('run-finished', 't1', 'demo', '2026-11-01T10:00:01.000Z', '2026-11-01T10:00:05.000Z', 'finished', 120, 45, NULL),
      ('run-aborted', 't1', 'demo', '2026-11-01T10:01:00.000Z', '2026-11-01T10:01:02.000Z', 'aborted', NULL, NULL, NULL),
      ('run-error', 't2', 'gpt', '2026-11-02T10:00:01.000Z', '2026-11-02T10:00:03.000Z', 'error', NULL, NULL, 'rate limited'),
      ('run-crashed', 't2', 'demo', '2026-11-02T10:01:00.000Z', NULL, 'running', NULL, NULL, NULL);
    INSERT INTO audit_log VALUES
      ('e1', '2026-11-01T10:00:03.000Z', 'chat', 't1', 'run-finished', 'call-1', 'render_table', 'd1', 'ok', NULL, 12),
      ('e2', '2026-11-01T10:00:03.000Z', 'chat', 't1', 'run-finished', 'call-2', 'render_chart', 'd2', 'refused', 'not_granted: x', 0);
    INSERT INTO widget_events VALUES
      ('v1', '2026-11-01T10:00:02.500Z', 't1', 'w1', 'rendered', ''),
      ('v2', '2026-11-01T10:00:02.600Z', 't1', 'w1', 'csp_violation', 'img-src');
  `);
  database.close();
}
