import {
  importThreadResponseSchema,
  maximumThreadImportBytes,
  type ThreadExportFormat,
  type ThreadSummary,
} from '@drawbridge/protocol';
import { ApiError } from './api-error.ts';
import { apiUrl, type ServerLocation } from './api-url.ts';
import { requestJson } from './request-json.ts';

/** Where a chat downloads as Markdown, one HTML file, or JSON (`GET /api/threads/:id/export?format=`). */
export function threadExportUrl(
  threadId: string,
  format: ThreadExportFormat,
  { baseUrl }: ServerLocation = {},
): string {
  return apiUrl(baseUrl, `/api/threads/${encodeURIComponent(threadId)}/export?format=${format}`);
}

/** Makes a new chat from a JSON export the user picked (`POST /api/threads/import`); rejects with `ApiError`. */
export async function importThread({
  file,
  baseUrl,
}: ServerLocation & { file: File }): Promise<ThreadSummary> {
  if (file.size > maximumThreadImportBytes) {
    throw new ApiError({
      code: 'export_too_large',
      message: `Exports of up to ${maximumThreadImportBytes / 1024 / 1024} MB can be imported.`,
      status: 413,
    });
  }
  const imported = await requestJson({
    baseUrl,
    path: '/api/threads/import',
    schema: importThreadResponseSchema,
    init: { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: await file.text() },
  });
  return imported.thread;
}
