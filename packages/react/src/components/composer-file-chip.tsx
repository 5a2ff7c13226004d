import { describeAttachmentSize } from '@drawbridge/protocol';
import { FileIcon } from './attachment-list.tsx';
import type { ComposerFile } from './use-composer-files.ts';

/** One file waiting in the composer: its thumbnail or icon, its name, its state, and a remove button. */
export function ComposerFileChip({ file, onRemove }: { file: ComposerFile; onRemove(): void }) {
  const state =
    file.status === 'uploading'
      ? 'Uploading…'
      : file.status === 'failed'
        ? (file.error ?? 'Not uploaded.')
        : describeAttachmentSize(file.attachment?.size ?? file.size);
  return (
    <li
      className={`db-composer__attachment${file.status === 'failed' ? ' db-composer__attachment--failed' : ''}`}
      aria-busy={file.status === 'uploading'}
    >
      {file.previewUrl ? (
        <img className="db-composer__thumbnail" src={file.previewUrl} alt="" width={32} height={32} />
      ) : (
        <FileIcon />
      )}
      <span className="db-composer__attachment-text">
        <span className="db-composer__attachment-title">{file.name}</span>
        <span
          className="db-composer__attachment-size"
          {...(file.status === 'failed' ? { role: 'alert' } : {})}
        >
          {state}
        </span>
      </span>
      <button
        type="button"
        className="db-composer__attachment-remove"
        aria-label={`Remove ${file.name}`}
        onClick={onRemove}
      >
        <svg viewBox="0 0 20 20" width="14" height="14" aria-hidden="true">
          <path
            d="M5 5l10 10M15 5L5 15"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.8"
            strokeLinecap="round"
          />
        </svg>
      </button>
    </li>
  );
}
