import type { FormAnswers } from '@drawbridge/protocol';
import { attachmentSchema, widgetRefusalSchema, widgetRevisionSchema } from '@drawbridge/protocol';
import type { Selectable } from 'kysely';
import type { MessagesTable, RunsTable, ThreadsTable, WidgetsTable } from './database-tables.ts';
import type { RunRecord, StoredMessage, StoredWidget, ThreadRecord } from './store.ts';

type WidgetFields = Omit<Selectable<WidgetsTable>, 'message_id' | 'thread_id' | 'widget_id'>;

/**
 * The columns of a `widgets` row as the message join aliases them (`widgetColumns`): prefixed `widget_`, and
 * `null` where a message has no widget. Derived from `WidgetsTable`, so a new column cannot be missed here.
 */
export type WidgetColumns = { widget_id: string | null } & {
  [Column in keyof WidgetFields as `widget_${Column}`]: WidgetFields[Column] | null;
};

/** A `messages` row (without its insertion `sequence`) left-joined with its widget. */
export type MessageWithWidgetRow = Omit<Selectable<MessagesTable>, 'sequence' | 'parent_id'> & WidgetColumns;

/** Maps a `threads` row. */
export function threadFromRow(row: Selectable<ThreadsTable>): ThreadRecord {
  return {
    id: row.id,
    title: row.title,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    userId: row.user_id,
    kind: row.kind,
    model: row.model,
    pinnedAt: row.pinned_at,
    archivedAt: row.archived_at,
  };
}

/** Maps the `widget_*` columns of a row; the caller has checked that `widget_id` is present. */
export function widgetFromRow(row: WidgetColumns): StoredWidget {
  return {
    id: row.widget_id ?? '',
    height: row.widget_height === null ? null : Number(row.widget_height),
    css: row.widget_css ?? '',
    html: row.widget_html ?? '',
    js: row.widget_js ?? '',
    complete: Number(row.widget_complete) === 1,
    // The column holds what the server wrote; a row it cannot read is shown as a widget of its own.
    ...(row.widget_revision_json === null ? {} : readRevision(row.widget_revision_json)),
    ...(row.widget_refusal_json === null ? {} : readRefusal(row.widget_refusal_json)),
  };
}

function readRevision(json: string): Pick<StoredWidget, 'revision'> {
  const parsed = widgetRevisionSchema.safeParse(JSON.parse(json));
  return parsed.success ? { revision: parsed.data } : {};
}

function readRefusal(json: string): Pick<StoredWidget, 'refusal'> {
  const parsed = widgetRefusalSchema.safeParse(JSON.parse(json));
  return parsed.success ? { refusal: parsed.data } : {};
}

/** The server wrote the column; an entry it cannot read any more is left out rather than failing the thread. */
function readAttachments(json: string): StoredMessage['attachments'] {
  const entries: unknown = JSON.parse(json);
  if (!Array.isArray(entries)) return [];
  return entries.flatMap((entry) => {
    const parsed = attachmentSchema.safeParse(entry);
    return parsed.success ? [parsed.data] : [];
  });
}

/** Maps a `messages` row left-joined with its widget. */
export function messageFromRow(row: MessageWithWidgetRow): StoredMessage {
  const message: StoredMessage = {
    id: row.id,
    threadId: row.thread_id,
    role: row.role,
    content: row.content,
    createdAt: row.created_at,
  };
  if (row.widget_id !== null) message.widget = widgetFromRow(row);
  if (row.tool_call_id !== null) message.toolCallId = row.tool_call_id;
  if (row.render_json !== null)
    message.render = JSON.parse(row.render_json) as { tool: string; args: unknown };
  if (row.form_answers_json !== null) message.formAnswers = JSON.parse(row.form_answers_json) as FormAnswers;
  if (row.attachments_json !== null) message.attachments = readAttachments(row.attachments_json);
  if (row.reply_model !== null) {
    message.reply = {
      model: row.reply_model,
      // PostgreSQL's driver may hand integers over as strings; the transcript wants numbers.
      inputTokens: row.reply_input_tokens === null ? null : Number(row.reply_input_tokens),
      ...(row.reply_cached_input_tokens === null
        ? {}
        : { cachedInputTokens: Number(row.reply_cached_input_tokens) }),
      outputTokens: row.reply_output_tokens === null ? null : Number(row.reply_output_tokens),
    };
  }
  return message;
}

/** Maps a `runs` row. */
export function runFromRow(row: Omit<Selectable<RunsTable>, 'sequence'>): RunRecord {
  return {
    id: row.id,
    threadId: row.thread_id,
    model: row.model,
    status: row.status,
    startedAt: row.started_at,
    endedAt: row.ended_at,
    instanceId: row.instance_id,
    leaseExpiresAt: row.lease_expires_at,
    inputTokens: row.input_tokens === null ? null : Number(row.input_tokens),
    cachedInputTokens: row.cached_input_tokens === null ? null : Number(row.cached_input_tokens),
    outputTokens: row.output_tokens === null ? null : Number(row.output_tokens),
    error: row.error,
  };
}
