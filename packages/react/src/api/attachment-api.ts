import {
  type Attachment,
  attachmentLimits,
  attachmentPath,
  attachmentUploadResponseSchema,
  describeAttachmentSize,
} from '@drawbridge/protocol';
import { ApiError } from './api-error.ts';
import { apiUrl, type ServerLocation } from './api-url.ts';
import { requestJson } from './request-json.ts';

/**
 * Uploads a file for the signed-in user (`POST /api/attachments`), to send with a message by its id. The
 * server decides the file's type from its bytes; a file past `attachmentLimits.maxBytes` is refused here
 * before it is sent, with the server's words, and a type the server does not take rejects with its `ApiError`.
 */
export async function uploadAttachment({
  file,
  signal,
  baseUrl,
}: ServerLocation & { file: File; signal?: AbortSignal }): Promise<Attachment> {
  if (file.size > attachmentLimits.maxBytes) {
    throw new ApiError({
      code: 'attachment_too_large',
      message: `Files are limited to ${describeAttachmentSize(attachmentLimits.maxBytes)}.`,
      status: 413,
    });
  }
  const uploaded = await requestJson({
    baseUrl,
    path: `/api/attachments?name=${encodeURIComponent(file.name || 'pasted file')}`,
    schema: attachmentUploadResponseSchema,
    init: {
      method: 'POST',
      headers: { 'Content-Type': 'application/octet-stream' },
      body: file,
      ...(signal ? { signal } : {}),
    },
  });
  return uploaded.attachment;
}

/** Where an attachment's bytes are, for an `<img>` or a download link. */
export function attachmentUrl(id: string, { baseUrl }: ServerLocation = {}): string {
  return apiUrl(baseUrl, attachmentPath(id));
}
