import type { DatabaseSync } from 'node:sqlite';

/**
 * Schema versions in order; `PRAGMA user_version` records how many have been applied.
 * Append new migrations; never edit one that has shipped.
 */
export const sqliteMigrations: readonly string[] = [
  `
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
  `,
];

/** Reads the schema version stored in the database file. */
export function readSchemaVersion(database: DatabaseSync): number {
  const row = database.prepare('PRAGMA user_version').get();
  return Number(row?.user_version ?? 0);
}

/** Applies every migration the database has not seen yet, each in its own transaction. */
export function migrateSchema(
  database: DatabaseSync,
  migrations: readonly string[] = sqliteMigrations,
): void {
  const appliedCount = readSchemaVersion(database);
  if (appliedCount > migrations.length) {
    throw new Error(
      `database schema version ${appliedCount} is newer than this build knows (${migrations.length}); upgrade Drawbridge`,
    );
  }
  for (let index = appliedCount; index < migrations.length; index += 1) {
    database.exec('BEGIN IMMEDIATE');
    try {
      database.exec(migrations[index]!);
      // PRAGMA takes no bound parameters; the value is our own loop counter.
      database.exec(`PRAGMA user_version = ${index + 1}`);
      database.exec('COMMIT');
    } catch (error) {
      database.exec('ROLLBACK');
      throw error;
    }
  }
}
