import type { MessageBranch, ReplyDetails } from '@drawbridge/protocol';
import { BranchSwitcher } from './branch-switcher.tsx';
import { formatReplyDetails } from './format-reply-details.ts';
import { useCopyFeedback } from './use-copy-feedback.ts';

/**
 * What can be done with one message, always visible (a touch screen has no hover): copy it; edit a user
 * message; regenerate a reply. A finished reply also names its model and token count, quietly.
 */
export function MessageActions({
  label,
  copyText,
  onEdit,
  onRegenerate,
  reply,
  busy,
  branch,
  onSwitchBranch,
}: {
  /** Whose message, for the toolbar's name ("You", "Assistant"). */
  label: string;
  copyText: string;
  onEdit?: () => void;
  onRegenerate?: () => void;
  reply?: ReplyDetails;
  /** A reply is running: nothing may rewrite the thread under it. */
  busy: boolean;
  /** The message has other versions: which this is, and how to show another. */
  branch?: MessageBranch;
  onSwitchBranch?: (index: number) => void;
}) {
  const { copied, copy } = useCopyFeedback();
  const details = reply === undefined ? undefined : formatReplyDetails(reply);

  return (
    <div className="message-actions" role="toolbar" aria-label={`${label} message actions`}>
      {branch && onSwitchBranch && (
        <BranchSwitcher
          branch={branch}
          noun={label === 'Your' ? 'message' : 'reply'}
          busy={busy}
          onSwitch={onSwitchBranch}
        />
      )}
      <button
        type="button"
        className="message-actions__button icon-button"
        aria-label={copied === 'copied' ? 'Copied' : copied === 'refused' ? 'Copy failed' : 'Copy message'}
        title="Copy"
        onClick={() => copy(copyText)}
      >
        {copied === 'copied' ? <CheckIcon /> : <CopyIcon />}
      </button>
      {onEdit && (
        <button
          type="button"
          className="message-actions__button icon-button"
          aria-label="Edit message"
          title="Edit"
          disabled={busy}
          onClick={onEdit}
        >
          <EditIcon />
        </button>
      )}
      {onRegenerate && (
        <button
          type="button"
          className="message-actions__button icon-button"
          aria-label="Regenerate reply"
          title="Regenerate"
          disabled={busy}
          onClick={onRegenerate}
        >
          <RegenerateIcon />
        </button>
      )}
      {details && (
        <span className="message-actions__details" title={details.title}>
          {details.label}
        </span>
      )}
      <span className="visually-hidden" role="status">
        {copied === 'copied' ? 'Copied to the clipboard' : copied === 'refused' ? 'Could not copy' : ''}
      </span>
    </div>
  );
}

const iconProps = {
  viewBox: '0 0 20 20',
  width: 16,
  height: 16,
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 1.6,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
} as const;

function CopyIcon() {
  return (
    <svg {...iconProps} aria-hidden="true">
      <rect x="7" y="7" width="9" height="10" rx="2" />
      <path d="M13 7V5a2 2 0 0 0-2-2H6a2 2 0 0 0-2 2v7a2 2 0 0 0 2 2h1" />
    </svg>
  );
}

function CheckIcon() {
  return (
    <svg {...iconProps} aria-hidden="true">
      <path d="M4 10.5l4 4 8-9" />
    </svg>
  );
}

function EditIcon() {
  return (
    <svg {...iconProps} aria-hidden="true">
      <path d="M12.5 4.5l3 3L8 15H5v-3zM11 6l3 3" />
    </svg>
  );
}

function RegenerateIcon() {
  return (
    <svg {...iconProps} aria-hidden="true">
      <path d="M15.5 8A6 6 0 1 0 16 12M16 3.5V8h-4.5" />
    </svg>
  );
}
