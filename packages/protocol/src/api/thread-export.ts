import { z } from 'zod';
import { attachmentSchema } from './attachment.ts';
import { storedMessageSchema } from './stored-message.ts';
import { threadSummarySchema } from './thread-summary.ts';

/** What `GET /api/threads/:id/export?format=` writes: Markdown, one HTML file, or the stored messages as JSON. */
export const threadExportFormatSchema = z.enum(['markdown', 'html', 'json']);
export type ThreadExportFormat = z.infer<typeof threadExportFormatSchema>;

/** The file name's extension of each export format. */
export const threadExportExtensions: Record<ThreadExportFormat, string> = {
  markdown: 'md',
  html: 'html',
  json: 'json',
};

/** The most a JSON export (files included, as base64) may weigh to be imported again: 64 MiB. */
export const maximumThreadImportBytes = 64 * 1024 * 1024;

/**
 * A chat as JSON (`format=json`), which `POST /api/threads/import` takes back: its title, its stored messages in
 * order (as `GET /api/threads/:id/messages` lists them), and the bytes of the files its messages carried.
 */
export const threadExportSchema = z.object({
  format: z.literal('drawbridge.thread'),
  version: z.literal(1),
  exportedAt: z.string(),
  thread: z.object({ title: z.string() }),
  messages: z.array(storedMessageSchema.omit({ threadId: true })).max(10_000),
  files: z.array(attachmentSchema.extend({ base64: z.string() })).max(1_000),
});
export type ThreadExport = z.infer<typeof threadExportSchema>;

/** `POST /api/threads/import`: the new chat. */
export const importThreadResponseSchema = z.object({ thread: threadSummarySchema });
export type ImportThreadResponse = z.infer<typeof importThreadResponseSchema>;
