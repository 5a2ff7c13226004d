import { type Attachment, type AttachmentMediaType, attachmentMediaTypeSchema } from '@drawbridge/protocol';
import type { Kysely } from 'kysely';
import type { DatabaseTables } from './database-tables.ts';
import type { Store } from './store.ts';

type AttachmentMethods = Pick<
  Store,
  'saveAttachment' | 'readAttachment' | 'claimAttachments' | 'readAttachmentData' | 'pruneUnsentAttachments'
>;

interface AttachmentRow {
  id: string;
  name: string;
  media_type: string;
  size: number | string;
}

function attachmentFromRow(row: AttachmentRow): Attachment {
  return {
    id: row.id,
    name: row.name,
    // The server wrote one of the allowed types; anything else is read as plain text, never as active content.
    mediaType: attachmentMediaTypeSchema.catch('text/plain').parse(row.media_type) as AttachmentMediaType,
    // PostgreSQL's driver may hand integers over as strings.
    size: Number(row.size),
  };
}

/** `pg` returns a `Buffer`, `node:sqlite` a `Uint8Array`: both are bytes, handed on as they are. */
function bytesOf(value: unknown): Uint8Array {
  return value instanceof Uint8Array ? value : new Uint8Array();
}

/**
 * Files users attach, on the same database as their threads: the bytes with the type the server decided,
 * scoped to their owner, and given to a thread when a message carries them (its deletion takes them along).
 */
export function kyselyAttachments({
  kysely,
  now,
  ids,
}: {
  kysely: Kysely<DatabaseTables>;
  now: () => string;
  ids: () => string;
}): AttachmentMethods {
  return {
    async saveAttachment({ userId, name, mediaType, data }) {
      const attachment: Attachment = { id: ids(), name, mediaType, size: data.byteLength };
      await kysely
        .insertInto('attachments')
        .values({
          id: attachment.id,
          user_id: userId,
          thread_id: null,
          name,
          media_type: mediaType,
          size: data.byteLength,
          data,
          created_at: now(),
        })
        .execute();
      return attachment;
    },

    async readAttachment({ id, userId }) {
      const row = await kysely
        .selectFrom('attachments')
        .select(['id', 'name', 'media_type', 'size', 'data'])
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return row === undefined ? undefined : { attachment: attachmentFromRow(row), data: bytesOf(row.data) };
    },

    async claimAttachments({ ids: wanted, userId, threadId }) {
      if (wanted.length === 0) return { claimed: true, attachments: [] };
      return kysely.transaction().execute(async (transaction) => {
        const rows = await transaction
          .selectFrom('attachments')
          .select(['id', 'name', 'media_type', 'size'])
          .where('id', 'in', [...wanted])
          .where('user_id', '=', userId)
          .where((where) => where.or([where('thread_id', 'is', null), where('thread_id', '=', threadId)]))
          .execute();
        const byId = new Map(rows.map((row) => [row.id, attachmentFromRow(row)]));
        const missingId = wanted.find((id) => !byId.has(id));
        if (missingId !== undefined) return { claimed: false, missingId };
        await transaction
          .updateTable('attachments')
          .set({ thread_id: threadId })
          .where('id', 'in', [...wanted])
          .where('thread_id', 'is', null)
          .execute();
        return { claimed: true, attachments: wanted.map((id) => byId.get(id)!) };
      });
    },

    async readAttachmentData({ threadId, ids: wanted }) {
      if (wanted.length === 0) return new Map();
      const rows = await kysely
        .selectFrom('attachments')
        .select(['id', 'data'])
        .where('thread_id', '=', threadId)
        .where('id', 'in', [...wanted])
        .execute();
      return new Map(rows.map((row) => [row.id, bytesOf(row.data)]));
    },

    async pruneUnsentAttachments({ before }) {
      const result = await kysely
        .deleteFrom('attachments')
        .where('thread_id', 'is', null)
        .where('created_at', '<', before)
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
