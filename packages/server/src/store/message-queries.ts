import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import { CompiledQueryCache, placeholdersFor } from './compiled-query-cache.ts';
import type { StatementRunner } from './compiled-statements.ts';
import type { DatabaseTables, MessagesTable, ThreadsTable } from './database-tables.ts';
import type { StoredWidget } from './store.ts';
import type { MessageWithWidgetRow } from './store-rows.ts';

type Queries = Kysely<DatabaseTables>;

/** A widget's columns as its message rows carry them (`widgets as w`), in every query that reads one. */
export const widgetColumns = [
  'w.widget_id',
  'w.height as widget_height',
  'w.css as widget_css',
  'w.html as widget_html',
  'w.js as widget_js',
  'w.complete as widget_complete',
  'w.revision_json as widget_revision_json',
  'w.refusal_json as widget_refusal_json',
] as const;

/** Every column of a message row, `null` where it has no value: one shape, so one compiled insert. */
export type MessageRow = Required<Omit<Insertable<MessagesTable>, 'sequence' | 'parent_id'>>;

/** A message's place among the messages of its thread: what branches are read from. */
export interface MessageLink {
  id: string;
  parent_id: string | null;
  role: 'user' | 'assistant' | 'tool';
}

/** Columns of a message that a patch rewrites; the set present picks the compiled statement. */
export type MessageColumnPatch = Pick<
  Updateable<MessagesTable>,
  | 'content'
  | 'render_json'
  | 'reply_model'
  | 'reply_input_tokens'
  | 'reply_cached_input_tokens'
  | 'reply_output_tokens'
>;

/** The message statements of one database (`messageQueries`). */
export type MessageQueries = ReturnType<typeof messageQueries>;

/**
 * The statements every run makes on messages and their threads (read the thread, append, rewrite as it
 * grows, keep the thread's time), each compiled once (`CompiledQueryCache`). `queries` is the database or
 * the transaction a statement belongs to.
 */
export function messageQueries({ kysely, statements }: { kysely: Queries; statements: StatementRunner }) {
  const cache = new CompiledQueryCache({ statements });

  return {
    /** The thread's row, read before every run and every listing of its messages. */
    async threadRow(id: string, queries?: StatementRunner): Promise<Selectable<ThreadsTable> | undefined> {
      const { rows } = await cache.execute({
        ...(queries === undefined ? {} : { queries }),
        key: 'thread',
        values: { id },
        build: (parameter) => kysely.selectFrom('threads').selectAll().where('id', '=', parameter('id')),
      });
      return rows[0];
    },

    /**
     * The messages of the branch the thread shows, with their widgets, oldest first: from its leaf back along
     * the parent links.
     */
    async listMessages(threadId: string): Promise<MessageWithWidgetRow[]> {
      const { rows } = await cache.execute({
        key: 'list messages',
        values: { threadId },
        build: (parameter) =>
          kysely
            .withRecursive('branch(id)', (queries) =>
              queries
                .selectFrom('threads')
                .select('leaf_id as id')
                .where('id', '=', parameter('threadId'))
                .unionAll((more) =>
                  more
                    .selectFrom('messages as above')
                    .innerJoin('branch', 'branch.id', 'above.id')
                    .select('above.parent_id as id')
                    .where('above.parent_id', 'is not', null),
                ),
            )
            .selectFrom('messages as m')
            .innerJoin('branch', 'branch.id', 'm.id')
            .leftJoin('widgets as w', 'w.message_id', 'm.id')
            .select([
              'm.id',
              'm.thread_id',
              'm.role',
              'm.content',
              'm.created_at',
              'm.tool_call_id',
              'm.render_json',
              'm.form_answers_json',
              'm.attachments_json',
              'm.reply_model',
              'm.reply_input_tokens',
              'm.reply_cached_input_tokens',
              'm.reply_output_tokens',
              ...widgetColumns,
            ])
            .where('m.thread_id', '=', parameter('threadId'))
            .orderBy('m.sequence'),
      });
      return rows;
    },

    /**
     * Every message's id, parent and role, oldest first: the shape of the thread's branches, without their
     * text.
     */
    async listMessageLinks(threadId: string, queries?: StatementRunner): Promise<MessageLink[]> {
      const { rows } = await cache.execute({
        ...(queries === undefined ? {} : { queries }),
        key: 'list message links',
        values: { threadId },
        build: (parameter) =>
          kysely
            .selectFrom('messages')
            .select(['id', 'parent_id', 'role'])
            .where('thread_id', '=', parameter('threadId'))
            .orderBy('sequence'),
      });
      return rows;
    },

    /** The text (and files) of each message named, in no particular order. */
    async messageTexts(
      ids: readonly string[],
      queries?: StatementRunner,
    ): Promise<{ id: string; content: string; attachments_json: string | null }[]> {
      if (ids.length === 0) return [];
      const { rows } = await (queries ?? statements).executeQuery(
        kysely
          .selectFrom('messages')
          .select(['id', 'content', 'attachments_json'])
          .where('id', 'in', ids)
          .compile(),
      );
      return rows;
    },

    /**
     * Appends the row after its thread's leaf (its parent) and makes it the leaf: two statements, so
     * `queries` is a transaction's.
     */
    async insertMessage(queries: StatementRunner, row: MessageRow): Promise<void> {
      await cache.execute({
        queries,
        key: 'insert message',
        values: row,
        build: (parameter) =>
          kysely.insertInto('messages').values({
            ...placeholdersFor(parameter, row),
            parent_id: kysely
              .selectFrom('threads')
              .select('leaf_id')
              .where('id', '=', parameter('thread_id')),
          }),
      });
      await cache.execute({
        queries,
        key: 'move leaf',
        values: { id: row.id, threadId: row.thread_id },
        build: (parameter) =>
          kysely
            .updateTable('threads')
            .set({ leaf_id: parameter('id') })
            .where('id', '=', parameter('threadId')),
      });
    },

    /**
     * Appends the row after its thread's leaf, makes it the leaf and sets its thread's time in one PostgreSQL statement (a data-modifying CTE, which
     * SQLite does not have): as atomic as a transaction, one round trip instead of four.
     */
    async insertMessageTouchingThread(row: MessageRow, now: string): Promise<void> {
      await cache.execute({
        key: 'insert message touching thread',
        values: { ...row, now },
        build: (parameter) =>
          kysely
            .with('inserted', (queries) =>
              queries
                .insertInto('messages')
                .values({
                  ...placeholdersFor(parameter, row),
                  parent_id: queries
                    .selectFrom('threads')
                    .select('leaf_id')
                    .where('id', '=', parameter('thread_id')),
                })
                .returning('thread_id'),
            )
            .updateTable('threads')
            .set({ updated_at: parameter('now'), leaf_id: parameter('id') })
            .where('id', 'in', (queries) => queries.selectFrom('inserted').select('thread_id')),
      });
    },

    /**
     * Sets the thread's time and, when `title` is given and nobody named the thread yet, its title: one
     * statement for both.
     */
    async touchThread(
      queries: StatementRunner,
      { threadId, now, title }: { threadId: string; now: string; title?: string },
    ): Promise<void> {
      if (title === undefined) {
        await cache.execute({
          queries,
          key: 'touch thread',
          values: { threadId, now },
          build: (parameter) =>
            kysely
              .updateTable('threads')
              .set({ updated_at: parameter('now') })
              .where('id', '=', parameter('threadId')),
        });
        return;
      }
      await cache.execute({
        queries,
        key: 'touch and title thread',
        values: { threadId, now, title },
        build: (parameter) =>
          kysely
            .updateTable('threads')
            .set((columns) => ({
              updated_at: parameter('now'),
              title: columns
                .case()
                .when('is_titled', '=', 0)
                .then(parameter('title'))
                .else(columns.ref('title'))
                .end(),
              is_titled: 1,
            }))
            .where('id', '=', parameter('threadId')),
      });
    },

    /**
     * Rewrites the columns in `patch` and says whose message it is, in one statement; `undefined` when
     * there is no such message. An empty patch only reads the thread.
     */
    async updateMessageColumns(
      queries: StatementRunner,
      { id, patch }: { id: string; patch: MessageColumnPatch },
    ): Promise<{ threadId: string } | undefined> {
      // A column left out and a column given as `undefined` are the same patch, so the same statement.
      const present = Object.fromEntries(
        Object.entries(patch).filter(([, value]) => value !== undefined),
      ) as MessageColumnPatch;
      const names = Object.keys(present).sort();
      const { rows } =
        names.length === 0
          ? await cache.execute({
              queries,
              key: 'thread of message',
              values: { id },
              build: (parameter) =>
                kysely.selectFrom('messages').select('thread_id').where('id', '=', parameter('id')),
            })
          : await cache.execute({
              queries,
              key: `update message ${names.join(' ')}`,
              values: { ...present, id },
              build: (parameter) =>
                kysely
                  .updateTable('messages')
                  .set(placeholdersFor(parameter, present))
                  .where('id', '=', parameter('id'))
                  .returning('thread_id'),
            });
      const row = rows[0];
      return row === undefined ? undefined : { threadId: row.thread_id };
    },

    /** Stores the message's widget, replacing the one it had. */
    async writeWidget(
      queries: StatementRunner,
      { messageId, threadId, widget }: { messageId: string; threadId: string; widget: StoredWidget },
    ): Promise<void> {
      const columns = {
        widget_id: widget.id,
        height: widget.height,
        css: widget.css,
        html: widget.html,
        js: widget.js,
        complete: widget.complete ? 1 : 0,
        revision_json: widget.revision === undefined ? null : JSON.stringify(widget.revision),
        refusal_json: widget.refusal === undefined ? null : JSON.stringify(widget.refusal),
      };
      await cache.execute({
        queries,
        key: 'write widget',
        values: { ...columns, message_id: messageId, thread_id: threadId },
        build: (parameter) => {
          const placeholders = placeholdersFor(parameter, columns);
          return kysely
            .insertInto('widgets')
            .values({
              message_id: parameter('message_id'),
              thread_id: parameter('thread_id'),
              ...placeholders,
            })
            .onConflict((conflict) => conflict.column('message_id').doUpdateSet(placeholders));
        },
      });
    },
  };
}
