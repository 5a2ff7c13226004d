import {
  type AttachmentRouteErrorCode,
  type AttachmentUploadResponse,
  attachmentLimits,
  describeAttachmentSize,
} from '@drawbridge/protocol';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { decideAttachmentType } from '../../attachments/decide-attachment-type.ts';
import { requestUser } from '../../auth/request-user.ts';
import type { Store } from '../../store/store.ts';
import { attachmentDisposition } from '../attachment-disposition.ts';
import { type ErrorResponder, errorResponse } from '../http-error.ts';
import { identifierParams, invalidIdentifierMessage } from './identifier-params.ts';

const refuse: ErrorResponder<AttachmentRouteErrorCode> = errorResponse;

const attachmentIdParam = identifierParams<AttachmentRouteErrorCode>({
  names: ['attachmentId'],
  code: 'invalid_attachment_id',
  message: invalidIdentifierMessage('attachment'),
});

/** The media type an upload's body is sent as: not one a cross-site form or a no-cors fetch can send. */
export const attachmentUploadContentType = 'application/octet-stream';

/**
 * A stored file as it is sent back: under the type the server decided, as a download, never sniffed, and in a
 * sandbox with nothing allowed, so even a browser that displayed it would run nothing in our origin. An
 * `<img>` of the page still shows an image: `Content-Disposition` governs navigation, not embedding.
 */
const servedFileHeaders = {
  'X-Content-Type-Options': 'nosniff',
  'Content-Security-Policy': "sandbox; default-src 'none'; frame-ancestors 'none'",
  'Cache-Control': 'private, max-age=3600',
} as const;

/** A file name as stored: trimmed, without folders or control characters, at most the limit. */
function cleanFileName(raw: string | undefined): string | undefined {
  const base = (raw ?? '').split(/[\\/]/).at(-1) ?? '';
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed.
  const name = base.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  if (name === '' || name.length > attachmentLimits.maxNameLength) return undefined;
  return name;
}

/**
 * Routes under `/api/attachments`: `POST /?name=<file name>` stores the request body (sent as
 * `application/octet-stream`, at most `attachmentLimits.maxBytes`) for the request's user under the type its
 * bytes show, and `GET /:id` sends a file back to its owner only (another user's is `404`, as a missing one).
 * A file goes to a thread when a message carries it (`forwardedProps.drawbridge.attachments`).
 */
export function createAttachmentRoutes({ store }: { store: Store }): Hono {
  const routes = new Hono();
  const tooLarge = `Files are limited to ${describeAttachmentSize(attachmentLimits.maxBytes)}.`;

  routes.post(
    '/',
    bodyLimit({
      maxSize: attachmentLimits.maxBytes,
      onError: (context) => refuse(context, 413, 'attachment_too_large', tooLarge),
    }),
    async (context) => {
      const name = cleanFileName(context.req.query('name'));
      if (name === undefined) {
        return refuse(
          context,
          400,
          'invalid_attachment_name',
          `expected ?name= with the file's name, 1-${attachmentLimits.maxNameLength} characters`,
        );
      }
      const bytes = new Uint8Array(await context.req.arrayBuffer());
      if (bytes.byteLength === 0) return refuse(context, 400, 'empty_attachment', `"${name}" is empty.`);
      const decision = decideAttachmentType({ name, bytes });
      if (!decision.accepted) return refuse(context, 415, 'unsupported_attachment_type', decision.reason);
      const attachment = await store.saveAttachment({
        userId: requestUser(context).id,
        name,
        mediaType: decision.mediaType,
        data: bytes,
      });
      return context.json({ attachment } satisfies AttachmentUploadResponse, 201);
    },
  );

  routes.get('/:attachmentId', attachmentIdParam, async (context) => {
    const id = context.req.param('attachmentId');
    const file = await store.readAttachment({ id, userId: requestUser(context).id });
    if (file === undefined)
      return refuse(context, 404, 'attachment_not_found', `attachment ${id} does not exist`);
    const { attachment, data } = file;
    return context.body(data as Uint8Array<ArrayBuffer>, 200, {
      ...servedFileHeaders,
      'Content-Type':
        attachment.mediaType.startsWith('text/') || attachment.mediaType === 'application/json'
          ? `${attachment.mediaType}; charset=utf-8`
          : attachment.mediaType,
      'Content-Length': String(data.byteLength),
      'Content-Disposition': attachmentDisposition({
        fileName: attachment.name,
        fallback: `attachment-${id}`,
      }),
    });
  });

  return routes;
}
