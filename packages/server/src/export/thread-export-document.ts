import type { ThreadExport } from '@drawbridge/protocol';
import type { Store, StoredMessage, ThreadRecord } from '../store/store.ts';

/**
 * A chat as the JSON `POST /api/threads/import` takes back: its stored messages in order (without the thread
 * id, which the import gives anew) and the bytes of every file its messages carried, as base64.
 */
export async function threadExportDocument({
  store,
  thread,
  messages,
  now,
}: {
  store: Pick<Store, 'readAttachmentData'>;
  thread: ThreadRecord;
  messages: readonly StoredMessage[];
  now: string;
}): Promise<ThreadExport> {
  const attachments = messages.flatMap((message) => message.attachments ?? []);
  const data = await store.readAttachmentData({
    threadId: thread.id,
    ids: attachments.map((attachment) => attachment.id),
  });
  return {
    format: 'drawbridge.thread',
    version: 1,
    exportedAt: now,
    thread: { title: thread.title },
    messages: messages.map(({ threadId: _threadId, ...message }) => message),
    files: attachments.flatMap((attachment) => {
      const bytes = data.get(attachment.id);
      return bytes === undefined ? [] : [{ ...attachment, base64: Buffer.from(bytes).toString('base64') }];
    }),
  };
}
