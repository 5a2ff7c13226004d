import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { kyselyAttachments } from './kysely-attachments.ts';
import { kyselyRunEvents } from './kysely-run-events.ts';
import { kyselyRunStore } from './kysely-run-store.ts';
import { kyselyShares } from './kysely-shares.ts';
import { kyselyThreadBranches } from './kysely-thread-branches.ts';
import { kyselyThreadSearch } from './kysely-thread-search.ts';
import { kyselyWidgetStates } from './kysely-widget-states.ts';
import { localUserId } from './local-user-id.ts';
import { messageQueries, widgetColumns } from './message-queries.ts';
import { withoutNul } from './nul-free-text.ts';
import type { OpenedDatabase } from './open-database.ts';
import type { Store, StoredMessage } from './store.ts';
import { messageFromRow, threadFromRow, widgetFromRow } from './store-rows.ts';
import { threadTitleFromText, untitledThreadTitle } from './thread-title.ts';
import { threadTitleFromMessage } from './thread-title-from-message.ts';
import { throwIfThreadMissing } from './throw-if-thread-missing.ts';

/**
 * The message as the text columns hold it (`withoutNul`), so the copy `appendMessage` returns is the one a
 * later read sees; JSON columns keep U+0000 escaped, as `\u0000`.
 */
function storedText(message: StoredMessage): StoredMessage {
  return {
    ...message,
    content: withoutNul(message.content),
    ...(message.toolCallId === undefined ? {} : { toolCallId: withoutNul(message.toolCallId) }),
    ...(message.widget === undefined
      ? {}
      : {
          widget: {
            ...message.widget,
            id: withoutNul(message.widget.id),
            css: withoutNul(message.widget.css),
            html: withoutNul(message.widget.html),
            js: withoutNul(message.widget.js),
          },
        }),
  };
}

/**
 * The store over one Kysely database, the same queries for SQLite and PostgreSQL. Closing it closes the
 * database, which the telemetry opened beside it may share.
 */
export function openKyselyStore({
  database,
  clock = () => new Date(),
  ids = randomUUID,
}: {
  database: OpenedDatabase;
  clock?: () => Date;
  ids?: () => string;
}): Store {
  const { kysely, statements } = database;
  const now = () => clock().toISOString();
  const messages = messageQueries({ kysely, statements });
  const runs = kyselyRunStore({ kysely, statements, now });

  return {
    async createThread(input) {
      const createdAt = now();
      const id = input.id ?? ids();
      const explicitTitle = input.title === undefined ? undefined : threadTitleFromText(input.title);
      const title = explicitTitle ?? untitledThreadTitle;
      const userId = input.userId === undefined ? localUserId : input.userId;
      const kind = input.kind ?? 'chat';
      const model = input.model ?? null;
      await kysely
        .insertInto('threads')
        .values({
          id,
          title,
          is_titled: explicitTitle === undefined ? 0 : 1,
          created_at: createdAt,
          updated_at: createdAt,
          user_id: userId,
          kind,
          model,
        })
        .execute();
      return {
        id,
        title,
        createdAt,
        updatedAt: createdAt,
        userId,
        kind,
        model,
        pinnedAt: null,
        archivedAt: null,
      };
    },

    async getThread(id) {
      const row = await messages.threadRow(id);
      return row === undefined ? undefined : threadFromRow(row);
    },

    async listThreads(filter) {
      let query = kysely.selectFrom('threads').selectAll();
      if (filter?.userId !== undefined) query = query.where('user_id', '=', filter.userId);
      if (filter?.kind !== undefined) query = query.where('kind', '=', filter.kind);
      if (filter?.archived !== undefined) {
        query = query.where('archived_at', filter.archived ? 'is not' : 'is', null);
      }
      const rows = await query
        .orderBy('updated_at', 'desc')
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .execute();
      return rows.map(threadFromRow);
    },

    async renameThread(id, title) {
      await kysely
        .updateTable('threads')
        .set({ title: threadTitleFromText(title), is_titled: 1, updated_at: now() })
        .where('id', '=', id)
        .execute();
    },

    async setThreadModel(id, model) {
      // Not a change of the conversation: the chat keeps its place in the list.
      await kysely.updateTable('threads').set({ model }).where('id', '=', id).execute();
    },

    async placeThread(id, { pinned, archived }) {
      if (pinned === undefined && archived === undefined) return;
      const at = now();
      // Not a change of the conversation either: the chat keeps its place in time, so its date group.
      await kysely
        .updateTable('threads')
        .set((update) => ({
          ...(pinned === undefined
            ? {}
            : { pinned_at: pinned ? update.fn.coalesce('pinned_at', sql.val(at)) : null }),
          ...(archived === undefined
            ? {}
            : { archived_at: archived ? update.fn.coalesce('archived_at', sql.val(at)) : null }),
        }))
        .where('id', '=', id)
        .execute();
    },

    async deleteThread(id) {
      // Messages, widgets and runs go with the thread by cascade; its audit records and widget events
      // carry the thread's id without a foreign key (they outlive nothing else), and its runs' events the
      // run's, so they go here.
      return kysely.transaction().execute(async (transaction) => {
        await transaction
          .deleteFrom('run_events')
          .where('run_key', 'in', (runs) =>
            runs.selectFrom('runs').select('sequence').where('thread_id', '=', id),
          )
          .execute();
        await transaction.deleteFrom('audit_log').where('thread_id', '=', id).execute();
        await transaction.deleteFrom('widget_events').where('thread_id', '=', id).execute();
        const result = await transaction.deleteFrom('threads').where('id', '=', id).executeTakeFirst();
        return result.numDeletedRows > 0n;
      });
    },

    async appendMessage(input, options = {}) {
      const message = storedText({ ...input, createdAt: input.createdAt ?? now() });
      const row = {
        id: message.id,
        thread_id: message.threadId,
        role: message.role,
        content: message.content,
        created_at: message.createdAt,
        tool_call_id: message.toolCallId ?? null,
        render_json: message.render === undefined ? null : JSON.stringify(message.render),
        form_answers_json: message.formAnswers === undefined ? null : JSON.stringify(message.formAnswers),
        attachments_json: message.attachments === undefined ? null : JSON.stringify(message.attachments),
        reply_model: message.reply?.model ?? null,
        reply_input_tokens: message.reply?.inputTokens ?? null,
        reply_cached_input_tokens: message.reply?.cachedInputTokens ?? null,
        reply_output_tokens: message.reply?.outputTokens ?? null,
      };
      // A thread nobody named takes its title from the first thing the user said.
      // A file sent alone names the thread by its file name.
      const titleText =
        message.content.trim() === '' ? (message.attachments?.[0]?.name ?? '') : message.content;
      const titlesThread = message.role === 'user' && titleText.trim() !== '';
      try {
        // A streaming reply's first periodic write leaves the thread's time to its last: one statement.
        const movesThread = options.inProgress !== true || titlesThread;
        if (!movesThread && message.widget === undefined) {
          await statements.transaction((transaction) => messages.insertMessage(transaction, row));
          return message;
        }
        if (database.dialect === 'postgres' && message.widget === undefined && !titlesThread) {
          // A parked call's carrier is written on every answer, and on a shared PostgreSQL the round trips
          // of a transaction held a pooled connection each (bench/scale-out.ts).
          await messages.insertMessageTouchingThread(row, now());
          return message;
        }
        await statements.transaction(async (transaction) => {
          await messages.insertMessage(transaction, row);
          if (message.widget !== undefined) {
            await messages.writeWidget(transaction, {
              messageId: message.id,
              threadId: message.threadId,
              widget: message.widget,
            });
          }
          if (!movesThread) return;
          await messages.touchThread(transaction, {
            threadId: message.threadId,
            now: now(),
            ...(titlesThread ? { title: threadTitleFromMessage(titleText) } : {}),
          });
        });
      } catch (error) {
        await throwIfThreadMissing({ kysely, threadId: message.threadId });
        throw error;
      }
      return message;
    },

    async updateMessage(id, patch, options = {}) {
      const columns = {
        ...(patch.content === undefined ? {} : { content: patch.content }),
        ...(patch.render === undefined ? {} : { render_json: JSON.stringify(patch.render) }),
        ...(patch.reply === undefined
          ? {}
          : {
              reply_model: patch.reply.model,
              reply_input_tokens: patch.reply.inputTokens,
              reply_cached_input_tokens: patch.reply.cachedInputTokens ?? null,
              reply_output_tokens: patch.reply.outputTokens,
            }),
      };
      // A streaming reply's periodic write (each run, every second) is one statement, with no transaction.
      if (options.inProgress === true && patch.widget === undefined) {
        await messages.updateMessageColumns(statements, { id, patch: columns });
        return;
      }
      await statements.transaction(async (transaction) => {
        const updated = await messages.updateMessageColumns(transaction, { id, patch: columns });
        // The thread may have been deleted while its run was still streaming; there is nothing left to update.
        if (updated === undefined) return;
        if (patch.widget !== undefined) {
          await messages.writeWidget(transaction, {
            messageId: id,
            threadId: updated.threadId,
            widget: patch.widget,
          });
        }
        if (options.inProgress !== true) {
          await messages.touchThread(transaction, { threadId: updated.threadId, now: now() });
        }
      });
    },

    async listMessages(threadId) {
      return (await messages.listMessages(threadId)).map(messageFromRow);
    },

    async getWidget(threadId, widgetId) {
      // The same widget id can recur in a thread (a retried reply); the newest message's copy is the one shown.
      const row = await kysely
        .selectFrom('widgets as w')
        .innerJoin('messages as m', 'm.id', 'w.message_id')
        .select(widgetColumns)
        .where('w.thread_id', '=', threadId)
        .where('w.widget_id', '=', widgetId)
        .orderBy('m.sequence', 'desc')
        .limit(1)
        .executeTakeFirst();
      return row === undefined ? undefined : widgetFromRow(row);
    },

    ...kyselyThreadSearch({ kysely }),
    ...kyselyWidgetStates({ kysely, now }),

    ...kyselyAttachments({ kysely, now, ids }),

    ...kyselyShares({ kysely, now, ids }),

    ...kyselyThreadBranches({ kysely, statements, messages, now, ids }),

    ...runs.methods,

    ...kyselyRunEvents({
      kysely,
      statements,
      dialect: database.dialect,
      messages,
      finishRunIn: runs.finishRunIn,
      now,
      ids,
    }),

    close: () => database.close(),
  };
}
