import type { SQLOutputValue } from 'node:sqlite';
import type { RunRecord, StoredMessage, StoredWidget, ThreadRecord } from './store.ts';

type Row = Record<string, SQLOutputValue>;

function text(row: Row, column: string): string {
  const value = row[column];
  if (typeof value !== 'string') throw new Error(`column ${column} is not text`);
  return value;
}

function optionalText(row: Row, column: string): string | null {
  const value = row[column];
  return typeof value === 'string' ? value : null;
}

function optionalNumber(row: Row, column: string): number | null {
  const value = row[column];
  return value === null || value === undefined ? null : Number(value);
}

/** Maps a `threads` row. */
export function threadFromRow(row: Row): ThreadRecord {
  return {
    id: text(row, 'id'),
    title: text(row, 'title'),
    createdAt: text(row, 'created_at'),
    updatedAt: text(row, 'updated_at'),
  };
}

/** Maps the widget columns of a `widgets` row (or of a join that aliases them `widget_*`). */
export function widgetFromRow(row: Row): StoredWidget {
  return {
    id: text(row, 'widget_id'),
    height: optionalNumber(row, 'widget_height'),
    css: text(row, 'widget_css'),
    html: text(row, 'widget_html'),
    js: text(row, 'widget_js'),
    complete: Number(row.widget_complete) === 1,
  };
}

const runStatuses: ReadonlySet<string> = new Set(['running', 'finished', 'error', 'aborted']);

/** Maps a `messages` row left-joined with its widget. */
export function messageFromRow(row: Row): StoredMessage {
  const role = text(row, 'role');
  if (role !== 'user' && role !== 'assistant' && role !== 'tool') throw new Error(`unknown role ${role}`);
  const message: StoredMessage = {
    id: text(row, 'id'),
    threadId: text(row, 'thread_id'),
    role,
    content: text(row, 'content'),
    createdAt: text(row, 'created_at'),
  };
  if (typeof row.widget_id === 'string') message.widget = widgetFromRow(row);
  const toolCallId = optionalText(row, 'tool_call_id');
  if (toolCallId !== null) message.toolCallId = toolCallId;
  const renderJson = optionalText(row, 'render_json');
  if (renderJson !== null) message.render = JSON.parse(renderJson) as { tool: string; args: unknown };
  return message;
}

/** Maps a `runs` row. */
export function runFromRow(row: Row): RunRecord {
  const status = text(row, 'status');
  if (!runStatuses.has(status)) throw new Error(`unknown run status ${status}`);
  return {
    id: text(row, 'id'),
    threadId: text(row, 'thread_id'),
    model: text(row, 'model'),
    startedAt: text(row, 'started_at'),
    finishedAt: optionalText(row, 'finished_at'),
    status: status as RunRecord['status'],
    inputTokens: optionalNumber(row, 'input_tokens'),
    outputTokens: optionalNumber(row, 'output_tokens'),
    error: optionalText(row, 'error'),
  };
}
