import type { ThreadExportFormat } from '@drawbridge/protocol';
import { threadExportUrl } from '@drawbridge/react';

/** What the chat's menu offers to export, in its words. */
export const threadExportChoices: readonly { label: string; format: ThreadExportFormat }[] = [
  { label: 'Export as Markdown', format: 'markdown' },
  { label: 'Export as HTML', format: 'html' },
  { label: 'Export as JSON', format: 'json' },
];

/** Downloads a chat's export: the server names the file and sends it as an attachment, so the page stays. */
export function downloadThreadExport(threadId: string, format: ThreadExportFormat): void {
  const link = document.createElement('a');
  link.href = threadExportUrl(threadId, format);
  link.download = '';
  link.click();
}
