import { z } from 'zod';
import { identifierPattern } from './identifier-pattern.ts';

/**
 * The media types an attachment may have: raster images, PDF and plain-text formats. The server decides the
 * type from the file's bytes and name (never from what the client declares), so an SVG, an HTML page or a
 * script is refused rather than stored under a type a browser would run.
 */
export const attachmentMediaTypes = [
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'application/pdf',
  'text/plain',
  'text/csv',
  'text/markdown',
  'application/json',
] as const;

export const attachmentMediaTypeSchema = z.enum(attachmentMediaTypes);
export type AttachmentMediaType = z.infer<typeof attachmentMediaTypeSchema>;

/** What the server takes: the size of one file, how many go with one message, the length of a name. */
export const attachmentLimits = {
  /** 10 MiB: a phone photo or a long PDF. */
  maxBytes: 10 * 1024 * 1024,
  maxPerMessage: 5,
  maxNameLength: 200,
} as const;

/** A stored file as the API names it; its bytes are at `GET /api/attachments/:id`. */
export const attachmentSchema = z.object({
  id: z.string().regex(identifierPattern),
  name: z.string().min(1).max(attachmentLimits.maxNameLength),
  mediaType: attachmentMediaTypeSchema,
  /** In bytes. */
  size: z.number().int().nonnegative(),
});

export type Attachment = z.infer<typeof attachmentSchema>;

/** `POST /api/attachments`: the stored file, to send with a message by its id. */
export const attachmentUploadResponseSchema = z.object({ attachment: attachmentSchema });
export type AttachmentUploadResponse = z.infer<typeof attachmentUploadResponseSchema>;

/** How an attachment is shown and sent to a model: a picture, a document, or text. */
export type AttachmentKind = 'image' | 'pdf' | 'text';

/** The kind of a stored media type. */
export function attachmentKind(mediaType: AttachmentMediaType): AttachmentKind {
  if (mediaType.startsWith('image/')) return 'image';
  if (mediaType === 'application/pdf') return 'pdf';
  return 'text';
}

/** The path of an attachment's bytes below the API's base URL. */
export function attachmentPath(id: string): string {
  return `/api/attachments/${encodeURIComponent(id)}`;
}

/** A size for people: "812 B", "14.2 KB", "3.4 MB". */
export function describeAttachmentSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
