import { type Attachment, attachmentKind, describeAttachmentSize } from '@drawbridge/protocol';
import { attachmentUrl } from '../api/attachment-api.ts';

/** What a file is, in a word a person reads. */
function describeType(attachment: Attachment): string {
  if (attachmentKind(attachment.mediaType) === 'pdf') return 'PDF';
  if (attachment.mediaType === 'text/csv') return 'CSV';
  if (attachment.mediaType === 'text/markdown') return 'Markdown';
  if (attachment.mediaType === 'application/json') return 'JSON';
  return attachmentKind(attachment.mediaType) === 'image'
    ? attachment.mediaType.replace('image/', '').toUpperCase()
    : 'Text';
}

/**
 * The files a sent message carried: an image as a thumbnail, any other file as a card with its name, type and
 * size; each links to its bytes at `GET /api/attachments/:id`, which the server sends as a download under the
 * type it decided, so nothing a user attached ever runs in the page.
 */
export function AttachmentList({
  attachments,
  baseUrl,
}: {
  attachments: readonly Attachment[];
  /** Where the server is mounted (`ServerLocation`); default the page's origin root. */
  baseUrl?: string;
}) {
  if (attachments.length === 0) return null;
  return (
    <ul className="db-attachments" aria-label="Attached files">
      {attachments.map((attachment) => {
        const url = attachmentUrl(attachment.id, { baseUrl });
        const description = `${describeType(attachment)} · ${describeAttachmentSize(attachment.size)}`;
        return (
          <li key={attachment.id} className="db-attachments__item">
            <a
              className="db-attachments__link"
              href={url}
              download={attachment.name}
              title={`${attachment.name} (${description})`}
            >
              {attachmentKind(attachment.mediaType) === 'image' ? (
                <img className="db-attachments__image" src={url} alt={attachment.name} loading="lazy" />
              ) : (
                <>
                  <FileIcon />
                  <span className="db-attachments__text">
                    <span className="db-attachments__name">{attachment.name}</span>
                    <span className="db-attachments__meta">{description}</span>
                  </span>
                </>
              )}
            </a>
          </li>
        );
      })}
    </ul>
  );
}

/** A page with a folded corner: a file that is not a picture. */
export function FileIcon() {
  return (
    <svg viewBox="0 0 20 20" width="18" height="18" aria-hidden="true" className="db-file-icon">
      <path
        d="M5 2.5h7l3.5 3.5v11.5H5zM12 2.5V6h3.5"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.5"
        strokeLinejoin="round"
      />
    </svg>
  );
}
