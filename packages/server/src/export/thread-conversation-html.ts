import { type ConversationEntry, renderConversationHtml } from '@drawbridge/frame';
import {
  attachmentKind,
  clampWidgetHeight,
  defaultWidgetHeight,
  describeAttachmentSize,
  widgetTitle,
} from '@drawbridge/protocol';
import type { Store, StoredMessage, StoredWidget, ThreadRecord } from '../store/store.ts';

/** The frame's padding around a widget in its standalone file. */
const widgetPadding = 40;

/**
 * A chat as one HTML file: the prose as text, the files a user sent (pictures inline, text files whole, others
 * by name), each typed tool call as the static markup of what it drew, and each complete widget as its standalone sandboxed document (`standalone`, the single widget's
 * download) in a frame of its own.
 */
export async function threadConversationHtml({
  store,
  standalone,
  thread,
  messages,
  note,
}: {
  store: Pick<Store, 'readAttachmentData'>;
  standalone: (widget: StoredWidget, options: { theme: 'reader' }) => Promise<string>;
  thread: Pick<ThreadRecord, 'id' | 'title'>;
  messages: readonly StoredMessage[];
  /** A line under the title (`renderConversationHtml`). */
  note?: string;
}): Promise<string> {
  const attachments = messages.flatMap((message) => message.attachments ?? []);
  const data = await store.readAttachmentData({
    threadId: thread.id,
    ids: attachments.map((attachment) => attachment.id),
  });
  const entries: ConversationEntry[] = [];
  for (const message of messages) {
    if (message.role === 'tool') continue;
    for (const attachment of message.attachments ?? []) {
      const bytes = data.get(attachment.id);
      const kind = attachmentKind(attachment.mediaType);
      if (kind === 'image' && bytes !== undefined) {
        const dataUrl = `data:${attachment.mediaType};base64,${Buffer.from(bytes).toString('base64')}`;
        entries.push({ kind: 'image', name: attachment.name, dataUrl });
        continue;
      }
      entries.push({
        kind: 'file',
        name: attachment.name,
        description: `${attachment.mediaType}, ${describeAttachmentSize(attachment.size)}`,
        ...(kind === 'text' && bytes !== undefined ? { text: new TextDecoder().decode(bytes) } : {}),
      });
    }
    if (message.content.trim() !== '') {
      entries.push({ kind: 'prose', role: message.role, text: message.content.trim() });
    }
    if (message.render !== undefined) {
      entries.push({ kind: 'typed', tool: message.render.tool, args: message.render.args });
    }
    if (message.widget?.complete) {
      entries.push({
        kind: 'widget',
        title: widgetTitle(message.widget.html) ?? 'Widget',
        // The page follows the reader's light or dark setting, and so do its widgets.
        standaloneHtml: await standalone(message.widget, { theme: 'reader' }),
        height: clampWidgetHeight(message.widget.height ?? defaultWidgetHeight) + widgetPadding,
      });
    }
  }
  return renderConversationHtml({ title: thread.title, note, entries });
}
