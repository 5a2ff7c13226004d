import { describeAttachmentSize, widgetTitle } from '@drawbridge/protocol';
import type { StoredMessage, ThreadRecord } from '../store/store.ts';

/** A quote line per line, so a message's own `#` or `---` stays inside its block. */
function quoted(text: string): string {
  return text
    .split('\n')
    .map((line) => (line === '' ? '>' : `> ${line}`))
    .join('\n');
}

/**
 * A chat as Markdown: its title, then each turn under who said it — the user's words quoted, the replies'
 * prose as written (it is Markdown already), the files a message carried by name, and each widget and typed
 * view as one line naming it (the HTML export draws them).
 */
export function threadMarkdown({
  thread,
  messages,
}: {
  thread: ThreadRecord;
  messages: readonly StoredMessage[];
}): string {
  const lines: string[] = [`# ${thread.title}`, ''];
  let lastRole: StoredMessage['role'] | undefined;
  for (const message of messages) {
    if (message.role === 'tool') continue;
    if (message.role !== lastRole) lines.push(message.role === 'user' ? '## You' : '## Assistant', '');
    lastRole = message.role;
    for (const attachment of message.attachments ?? []) {
      lines.push(
        `📎 ${attachment.name} (${attachment.mediaType}, ${describeAttachmentSize(attachment.size)})`,
        '',
      );
    }
    if (message.content.trim() !== '') {
      lines.push(message.role === 'user' ? quoted(message.content.trim()) : message.content.trim(), '');
    }
    if (message.widget !== undefined) {
      lines.push(`*[Widget: ${widgetTitle(message.widget.html) ?? message.widget.id}]*`, '');
    }
    if (message.render !== undefined) lines.push(`*[Shown with ${message.render.tool}]*`, '');
  }
  return `${lines.join('\n').trimEnd()}\n`;
}
