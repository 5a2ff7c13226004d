import type { Kysely } from 'kysely';
import type { DatabaseTables } from './database-tables.ts';
import type { Store } from './store.ts';
import { threadTitleFromMessage } from './thread-title-from-message.ts';

/**
 * Rewinding for "regenerate" and "edit and resend": the thread keeps everything up to one of its user
 * messages, optionally with new text. What followed is deleted, not kept as a branch: the transcript is one
 * line of messages, and the next run appends the new reply where the old one was.
 */
export function kyselyThreadRewind({
  kysely,
  now,
}: {
  kysely: Kysely<DatabaseTables>;
  now: () => string;
}): Pick<Store, 'rewindThread'> {
  return {
    rewindThread({ threadId, turn, content }) {
      return kysely.transaction().execute(async (transaction) => {
        const thread = await transaction
          .selectFrom('threads')
          .select('title')
          .where('id', '=', threadId)
          .executeTakeFirst();
        if (thread === undefined) return { rewound: false, code: 'thread_not_found' } as const;
        const target = await transaction
          .selectFrom('messages')
          .select(['id', 'sequence', 'content'])
          .where('thread_id', '=', threadId)
          .where('role', '=', 'user')
          .orderBy('sequence')
          .offset(turn)
          .limit(1)
          .executeTakeFirst();
        if (target === undefined) return { rewound: false, code: 'turn_not_found' } as const;
        // Widgets go with their messages by cascade.
        await transaction
          .deleteFrom('messages')
          .where('thread_id', '=', threadId)
          .where('sequence', '>', target.sequence)
          .execute();
        if (content !== undefined) {
          await transaction.updateTable('messages').set({ content }).where('id', '=', target.id).execute();
        }
        await transaction
          .updateTable('threads')
          .set({
            updated_at: now(),
            ...(turn === 0 && retitles(thread.title, target.content, content)
              ? { title: threadTitleFromMessage(content) }
              : {}),
          })
          .where('id', '=', threadId)
          .execute();
        return { rewound: true, text: content ?? target.content } as const;
      });
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
