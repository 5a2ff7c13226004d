import type { Kysely } from 'kysely';
import type { CompiledStatements, StatementRunner } from './compiled-statements.ts';
import type { DatabaseTables } from './database-tables.ts';
import type { MessageQueries } from './message-queries.ts';
import type { Store } from './store.ts';
import { branchesOf, branchOf, newestLeafUnder, repliesTo, versionsOf } from './thread-branches.ts';
import { threadTitleFromMessage } from './thread-title-from-message.ts';

/**
 * Branches: "regenerate", "edit and resend" and switching between the versions they leave. Nothing is deleted:
 * a thread shows the branch that ends at its leaf (`threads.leaf_id`), each message links to the one before it,
 * and an edited message or a regenerated reply is a new sibling of the version it replaces.
 */
export function kyselyThreadBranches({
  kysely,
  statements,
  messages,
  now,
  ids,
}: {
  kysely: Kysely<DatabaseTables>;
  statements: CompiledStatements;
  messages: MessageQueries;
  now: () => string;
  ids: () => string;
}): Pick<Store, 'rewindThread' | 'selectBranch' | 'messageBranches'> {
  /** The thread's leaf, its title and every message's link, read in `queries` (a transaction's). */
  async function readShape(queries: StatementRunner, threadId: string) {
    const thread = await messages.threadRow(threadId, queries);
    if (thread === undefined) return undefined;
    const links = await messages.listMessageLinks(threadId, queries);
    return { thread, links, branch: branchOf(links, thread.leaf_id) };
  }

  async function moveLeaf(
    queries: StatementRunner,
    { threadId, leafId }: { threadId: string; leafId: string },
  ): Promise<void> {
    await queries.executeQuery(
      kysely.updateTable('threads').set({ leaf_id: leafId }).where('id', '=', threadId).compile(),
    );
  }

  return {
    rewindThread({ threadId, turn, content }) {
      return statements.transaction(async (queries) => {
        const shape = await readShape(queries, threadId);
        if (shape === undefined) return { rewound: false, code: 'thread_not_found' } as const;
        const target = shape.branch.filter((message) => message.role === 'user')[turn];
        if (target === undefined) return { rewound: false, code: 'turn_not_found' } as const;
        const [stored] = await messages.messageTexts([target.id], queries);
        const oldText = stored?.content ?? '';
        if (content === undefined) {
          // A regenerated reply: the thread ends at the message again, and the next run answers it anew.
          await moveLeaf(queries, { threadId, leafId: target.id });
        } else {
          // An edit: a new version of the message, after the same message the old one followed.
          const id = ids();
          await queries.executeQuery(
            kysely
              .insertInto('messages')
              .values({
                id,
                thread_id: threadId,
                role: 'user',
                content,
                created_at: now(),
                tool_call_id: null,
                render_json: null,
                form_answers_json: null,
                // The new version sends the files the old one carried.
                attachments_json: stored?.attachments_json ?? null,
                reply_model: null,
                reply_input_tokens: null,
                reply_cached_input_tokens: null,
                reply_output_tokens: null,
                parent_id: target.parent_id,
              })
              .compile(),
          );
          await moveLeaf(queries, { threadId, leafId: id });
        }
        await queries.executeQuery(
          kysely
            .updateTable('threads')
            .set({
              updated_at: now(),
              ...(turn === 0 && retitles(shape.thread.title, oldText, content)
                ? { title: threadTitleFromMessage(content) }
                : {}),
            })
            .where('id', '=', threadId)
            .compile(),
        );
        return { rewound: true, text: content ?? oldText } as const;
      });
    },

    selectBranch({ threadId, turn, side, index }) {
      return statements.transaction(async (queries) => {
        const shape = await readShape(queries, threadId);
        if (shape === undefined) return { selected: false, code: 'thread_not_found' } as const;
        const target = shape.branch.filter((message) => message.role === 'user')[turn];
        if (target === undefined) return { selected: false, code: 'turn_not_found' } as const;
        const versions =
          side === 'user' ? versionsOf(shape.links, target) : repliesTo(shape.links, target.id);
        const chosen = versions[index];
        if (chosen === undefined) return { selected: false, code: 'branch_not_found' } as const;
        // The version as the user left it: down to the newest message stored under it.
        await moveLeaf(queries, { threadId, leafId: newestLeafUnder(shape.links, chosen.id) });
        return { selected: true } as const;
      });
    },

    async messageBranches(threadId) {
      const thread = await messages.threadRow(threadId);
      if (thread === undefined) return new Map();
      return branchesOf(await messages.listMessageLinks(threadId), thread.leaf_id);
    },
  };
}

/**
 * Editing the first message, which a thread is named from, renames it, unless someone has renamed it since: a title still
 * equal to what the old text would be titled is the automatic one.
 */
function retitles(title: string, oldText: string, newText: string | undefined): newText is string {
  return newText !== undefined && newText.trim() !== '' && title === threadTitleFromMessage(oldText);
}
