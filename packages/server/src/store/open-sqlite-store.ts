import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { messageFromRow, runFromRow, threadFromRow, widgetFromRow } from './sqlite-rows.ts';
import { migrateSchema } from './sqlite-schema.ts';
import type { Store, StoredMessage, StoredWidget } from './store.ts';
import { ThreadNotFoundError } from './thread-not-found-error.ts';
import { threadTitleFromText, untitledThreadTitle } from './thread-title.ts';

const messageColumns = `
  m.id, m.thread_id, m.role, m.content, m.created_at, m.tool_call_id, m.render_json,
  w.widget_id, w.height AS widget_height, w.css AS widget_css, w.html AS widget_html,
  w.js AS widget_js, w.complete AS widget_complete`;

/** Opens (creating and migrating when needed) a SQLite store on Node's built-in `node:sqlite`. */
export function openSqliteStore(options: { path: string; clock?: () => Date; ids?: () => string }): Store {
  const clock = options.clock ?? (() => new Date());
  const newId = options.ids ?? randomUUID;
  const now = () => clock().toISOString();
  const inMemory = options.path === ':memory:';
  if (!inMemory) mkdirSync(dirname(options.path), { recursive: true });

  const database = new DatabaseSync(options.path, { enableForeignKeyConstraints: true, timeout: 5000 });
  database.exec('PRAGMA foreign_keys = ON');
  // WAL lets the dashboard read while a run writes; an in-memory database has no journal file to switch.
  if (!inMemory) database.exec('PRAGMA journal_mode = WAL');
  migrateSchema(database);

  const statements = {
    insertThread: database.prepare(
      'INSERT INTO threads (id, title, is_titled, created_at, updated_at) VALUES (?, ?, ?, ?, ?)',
    ),
    selectThread: database.prepare('SELECT * FROM threads WHERE id = ?'),
    selectThreadExists: database.prepare('SELECT 1 AS found FROM threads WHERE id = ?'),
    selectThreads: database.prepare('SELECT * FROM threads ORDER BY updated_at DESC, rowid DESC'),
    renameThread: database.prepare(
      'UPDATE threads SET title = ?, is_titled = 1, updated_at = ? WHERE id = ?',
    ),
    titleThreadFromFirstMessage: database.prepare(
      'UPDATE threads SET title = ?, is_titled = 1 WHERE id = ? AND is_titled = 0',
    ),
    touchThread: database.prepare('UPDATE threads SET updated_at = ? WHERE id = ?'),
    deleteThread: database.prepare('DELETE FROM threads WHERE id = ?'),
    insertMessage: database.prepare(
      `INSERT INTO messages (id, thread_id, role, content, created_at, tool_call_id, render_json)
       VALUES (?, ?, ?, ?, ?, ?, ?)`,
    ),
    selectMessageThread: database.prepare('SELECT thread_id FROM messages WHERE id = ?'),
    updateMessageContent: database.prepare('UPDATE messages SET content = ? WHERE id = ?'),
    upsertWidget: database.prepare(
      `INSERT INTO widgets (message_id, thread_id, widget_id, height, css, html, js, complete)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (message_id) DO UPDATE SET widget_id = excluded.widget_id, height = excluded.height,
         css = excluded.css, html = excluded.html, js = excluded.js, complete = excluded.complete`,
    ),
    selectMessages: database.prepare(
      `SELECT ${messageColumns} FROM messages m LEFT JOIN widgets w ON w.message_id = m.id
       WHERE m.thread_id = ? ORDER BY m.sequence`,
    ),
    selectLastMessage: database.prepare(
      `SELECT ${messageColumns} FROM messages m LEFT JOIN widgets w ON w.message_id = m.id
       WHERE m.thread_id = ? ORDER BY m.sequence DESC LIMIT 1`,
    ),
    selectWidget: database.prepare(
      `SELECT widget_id, height AS widget_height, css AS widget_css, html AS widget_html, js AS widget_js,
         complete AS widget_complete
       FROM widgets WHERE thread_id = ? AND widget_id = ? ORDER BY rowid DESC LIMIT 1`,
    ),
    insertRun: database.prepare(
      `INSERT INTO runs (id, thread_id, model, started_at, status) VALUES (?, ?, ?, ?, 'running')`,
    ),
    finishRun: database.prepare(
      `UPDATE runs SET status = ?, finished_at = ?, input_tokens = ?, output_tokens = ?, error = ? WHERE id = ?`,
    ),
    selectRuns: database.prepare(
      'SELECT * FROM runs WHERE started_at >= ? AND started_at <= ? ORDER BY started_at, rowid',
    ),
  };

  function inTransaction<Result>(work: () => Result): Result {
    database.exec('BEGIN IMMEDIATE');
    try {
      const result = work();
      database.exec('COMMIT');
      return result;
    } catch (error) {
      database.exec('ROLLBACK');
      throw error;
    }
  }

  function writeWidget(messageId: string, threadId: string, widget: StoredWidget): void {
    statements.upsertWidget.run(
      messageId,
      threadId,
      widget.id,
      widget.height,
      widget.css,
      widget.html,
      widget.js,
      widget.complete ? 1 : 0,
    );
  }

  function requireThread(threadId: string): void {
    if (statements.selectThreadExists.get(threadId) === undefined) throw new ThreadNotFoundError(threadId);
  }

  return {
    async createThread(input) {
      const createdAt = now();
      const id = input.id ?? newId();
      const explicitTitle = input.title === undefined ? undefined : threadTitleFromText(input.title);
      const title = explicitTitle ?? untitledThreadTitle;
      statements.insertThread.run(id, title, explicitTitle === undefined ? 0 : 1, createdAt, createdAt);
      return { id, title, createdAt, updatedAt: createdAt };
    },

    async getThread(id) {
      const row = statements.selectThread.get(id);
      return row === undefined ? undefined : threadFromRow(row);
    },

    async listThreads() {
      return statements.selectThreads.all().map(threadFromRow);
    },

    async renameThread(id, title) {
      statements.renameThread.run(threadTitleFromText(title), now(), id);
    },

    async deleteThread(id) {
      return Number(statements.deleteThread.run(id).changes) > 0;
    },

    async appendMessage(input) {
      const message: StoredMessage = { ...input, createdAt: input.createdAt ?? now() };
      inTransaction(() => {
        requireThread(message.threadId);
        statements.insertMessage.run(
          message.id,
          message.threadId,
          message.role,
          message.content,
          message.createdAt,
          message.toolCallId ?? null,
          message.render === undefined ? null : JSON.stringify(message.render),
        );
        if (message.widget !== undefined) writeWidget(message.id, message.threadId, message.widget);
        // A thread nobody named takes its title from the first thing the user said.
        if (message.role === 'user' && message.content.trim() !== '') {
          statements.titleThreadFromFirstMessage.run(threadTitleFromText(message.content), message.threadId);
        }
        statements.touchThread.run(now(), message.threadId);
      });
      return message;
    },

    async updateMessage(id, patch) {
      inTransaction(() => {
        const row = statements.selectMessageThread.get(id);
        // The thread may have been deleted while its run was still streaming; there is nothing left to update.
        if (row === undefined) return;
        const threadId = String(row.thread_id);
        if (patch.content !== undefined) statements.updateMessageContent.run(patch.content, id);
        if (patch.widget !== undefined) writeWidget(id, threadId, patch.widget);
        statements.touchThread.run(now(), threadId);
      });
    },

    async listMessages(threadId) {
      return statements.selectMessages.all(threadId).map(messageFromRow);
    },

    async lastMessage(threadId) {
      const row = statements.selectLastMessage.get(threadId);
      return row === undefined ? undefined : messageFromRow(row);
    },

    async getWidget(threadId, widgetId) {
      const row = statements.selectWidget.get(threadId, widgetId);
      return row === undefined ? undefined : widgetFromRow(row);
    },

    async startRun(input) {
      inTransaction(() => {
        requireThread(input.threadId);
        statements.insertRun.run(input.id, input.threadId, input.model, now());
      });
    },

    async finishRun(id, outcome) {
      statements.finishRun.run(
        outcome.status,
        outcome.status === 'running' ? null : now(),
        outcome.inputTokens ?? null,
        outcome.outputTokens ?? null,
        outcome.error ?? null,
        id,
      );
    },

    async listRuns(filter) {
      // ISO-8601 UTC times sort as text, so the bounds compare directly; '~' sorts after every digit.
      return statements.selectRuns.all(filter?.since ?? '', filter?.until ?? '~').map(runFromRow);
    },

    async close() {
      if (database.isOpen) database.close();
    },
  };
}
