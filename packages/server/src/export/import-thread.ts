import {
  type Attachment,
  attachmentLimits,
  type ThreadExport,
  type ThreadSummary,
} from '@drawbridge/protocol';
import { decideAttachmentType } from '../attachments/decide-attachment-type.ts';
import type { Store } from '../store/store.ts';

/** Why an export was not imported: a file in it the server would not take as an upload either. */
export type ImportThreadOutcome =
  | { imported: true; thread: ThreadSummary }
  | { imported: false; reason: string };

/**
 * Makes a new chat of the user's from a JSON export: the title, every message in order with its widget, typed
 * view, form answers and reply details, and the files its messages carried, each stored again as an upload
 * would be (its type decided from its bytes, the same limits) under a new id. Nothing of the export is trusted
 * beyond its schema: ids of messages are new, so importing twice makes two chats.
 */
export async function importThread({
  store,
  document,
  userId,
  ids,
}: {
  store: Pick<Store, 'createThread' | 'appendMessage' | 'saveAttachment' | 'claimAttachments'>;
  document: ThreadExport;
  userId: string;
  ids: () => string;
}): Promise<ImportThreadOutcome> {
  const files = new Map<string, { name: string; bytes: Uint8Array }>();
  for (const file of document.files) {
    const bytes = new Uint8Array(Buffer.from(file.base64, 'base64'));
    if (bytes.byteLength === 0 || bytes.byteLength > attachmentLimits.maxBytes) {
      return {
        imported: false,
        reason: `The file "${file.name}" in the export is empty or over the size limit.`,
      };
    }
    files.set(file.id, { name: file.name, bytes });
  }
  const thread = await store.createThread({ userId, title: document.thread.title });
  const stored = new Map<string, Attachment>();
  for (const [oldId, file] of files) {
    const decision = decideAttachmentType({ name: file.name, bytes: file.bytes });
    if (!decision.accepted) continue;
    stored.set(
      oldId,
      await store.saveAttachment({
        userId,
        name: file.name,
        mediaType: decision.mediaType,
        data: file.bytes,
      }),
    );
  }
  await store.claimAttachments({
    ids: [...stored.values()].map((attachment) => attachment.id),
    userId,
    threadId: thread.id,
  });
  for (const message of document.messages) {
    const attachments = (message.attachments ?? []).flatMap((attachment) => {
      const copy = stored.get(attachment.id);
      return copy === undefined ? [] : [copy];
    });
    const { attachments: _original, id: _id, createdAt: _createdAt, ...rest } = message;
    await store.appendMessage({
      ...rest,
      id: ids(),
      threadId: thread.id,
      ...(attachments.length === 0 ? {} : { attachments }),
    });
  }
  return { imported: true, thread };
}
