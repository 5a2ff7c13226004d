import type { Share } from '@drawbridge/protocol';
import { threadConversationHtml } from '../export/thread-conversation-html.ts';
import type { Store, StoredWidget } from '../store/store.ts';
import { readShareSnapshot } from './share-snapshot.ts';

const madeOn = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeZone: 'UTC' });

/**
 * The page a link shows: its snapshot drawn by the chat export's renderer (prose as text, each widget as its
 * standalone document in a sandboxed frame), under a line that says it is a read-only copy and since when.
 */
export async function sharedPageHtml({
  store,
  standalone,
  share,
  snapshotJson,
}: {
  store: Pick<Store, 'readAttachmentData'>;
  standalone: (widget: StoredWidget) => Promise<string>;
  share: Share;
  snapshotJson: string;
}): Promise<string> {
  const what = share.widgetId === null ? 'A chat' : 'A widget';
  return threadConversationHtml({
    store,
    standalone,
    thread: { id: share.threadId, title: share.title },
    messages: readShareSnapshot({ snapshotJson, threadId: share.threadId }),
    note: `${what} shared from Drawbridge · read-only copy made ${madeOn.format(new Date(share.createdAt))}`,
  });
}
