import { widgetTitle } from '@drawbridge/protocol';
import type { Store, ThreadRecord } from '../store/store.ts';
import { shareSnapshotJson } from './share-snapshot.ts';

/**
 * What a new link keeps, read from the store now: the messages of the branch the chat shows, or with `widgetId`
 * that one widget revision, with the title the link is listed under. `undefined` when the chat has no
 * finished widget of that id: a widget still being written has nothing to show yet.
 */
export async function takeShareSnapshot({
  store,
  thread,
  widgetId,
}: {
  store: Pick<Store, 'listMessages' | 'getWidget'>;
  thread: Pick<ThreadRecord, 'id' | 'title'>;
  widgetId: string | undefined;
}): Promise<{ title: string; snapshotJson: string } | undefined> {
  if (widgetId === undefined) {
    const messages = await store.listMessages(thread.id);
    return {
      title: thread.title,
      snapshotJson: shareSnapshotJson({
        version: 1,
        kind: 'chat',
        messages: messages.map(({ threadId: _threadId, ...message }) => message),
      }),
    };
  }
  const widget = await store.getWidget(thread.id, widgetId);
  if (widget === undefined || !widget.complete) return undefined;
  return {
    title: widgetTitle(widget.html) ?? 'Widget',
    snapshotJson: shareSnapshotJson({ version: 1, kind: 'widget', widget }),
  };
}
