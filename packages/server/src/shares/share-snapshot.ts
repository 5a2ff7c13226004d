import type { StoredMessage, StoredWidget } from '../store/store.ts';

/**
 * What a link shows, copied when it is made (as ChatGPT's shared links are): the chat's messages of the branch
 * it showed then, or one widget revision. Later messages, edits and renames do not reach it; revoking the link
 * or deleting the chat removes it.
 */
export type ShareSnapshot =
  | { version: 1; kind: 'chat'; messages: Omit<StoredMessage, 'threadId'>[] }
  | { version: 1; kind: 'widget'; widget: StoredWidget };

/** The snapshot as the store keeps it. */
export function shareSnapshotJson(snapshot: ShareSnapshot): string {
  return JSON.stringify(snapshot);
}

/** A snapshot the store kept, read back; `threadId` is put back on each message for the renderer. */
export function readShareSnapshot({
  snapshotJson,
  threadId,
}: {
  snapshotJson: string;
  threadId: string;
}): StoredMessage[] {
  // Written by `shareSnapshotJson` only, from messages the store had already checked.
  const snapshot = JSON.parse(snapshotJson) as ShareSnapshot;
  if (snapshot.kind === 'widget') {
    return [
      {
        id: snapshot.widget.id,
        threadId,
        role: 'assistant',
        content: '',
        createdAt: '',
        widget: snapshot.widget,
      },
    ];
  }
  return snapshot.messages.map((message) => ({ ...message, threadId }));
}
