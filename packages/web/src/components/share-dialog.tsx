import type { Share } from '@drawbridge/protocol';
import { createShare, fetchShares, revokeShare, sharedPageUrl } from '@drawbridge/react';
import { useCallback, useEffect, useId, useState } from 'react';
import { copyFeedbackMs, copyToClipboard } from './copy-to-clipboard.ts';
import { ModalDialog } from './modal-dialog.tsx';
import '../styles/share-dialog.css';

/** What a dialog shares: a chat, or one widget revision in it. */
export interface ShareTarget {
  threadId: string;
  /** The widget revision; absent for the whole chat. */
  widgetId?: string;
  title: string;
}

const madeFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * "Share…": makes a read-only link to the chat (or widget) and copies it, and lists the chat's links with
 * Revoke. A link shows a copy made when it was created; its URL is shown once, in this dialog.
 */
export function ShareDialog({ target, onClose }: { target: ShareTarget; onClose(): void }) {
  const linksTitleId = useId();
  const [shares, setShares] = useState<Share[] | undefined>();
  const [created, setCreated] = useState<{ shareId: string; url: string } | undefined>();
  const [copied, setCopied] = useState<'copied' | 'refused' | undefined>();
  const [problem, setProblem] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const what = target.widgetId === undefined ? 'chat' : 'widget';

  const reload = useCallback(
    () =>
      fetchShares({ threadId: target.threadId }).then(setShares, (error: unknown) =>
        setProblem(messageOf(error)),
      ),
    [target.threadId],
  );
  useEffect(() => void reload(), [reload]);

  useEffect(() => {
    if (copied === undefined) return;
    const timer = setTimeout(() => setCopied(undefined), copyFeedbackMs);
    return () => clearTimeout(timer);
  }, [copied]);

  const copy = (url: string) => void copyToClipboard(url).then((ok) => setCopied(ok ? 'copied' : 'refused'));

  const create = () => {
    setBusy(true);
    setProblem(undefined);
    createShare({
      threadId: target.threadId,
      ...(target.widgetId === undefined ? {} : { widgetId: target.widgetId }),
    })
      .then(
        ({ share, path }) => {
          const url = sharedPageUrl({ path });
          setCreated({ shareId: share.id, url });
          copy(url);
          return reload();
        },
        (error: unknown) => setProblem(messageOf(error)),
      )
      .finally(() => setBusy(false));
  };

  const revoke = (share: Share) => {
    setBusy(true);
    setProblem(undefined);
    revokeShare({ shareId: share.id })
      .then(
        () => {
          if (created?.shareId === share.id) setCreated(undefined);
          return reload();
        },
        (error: unknown) => setProblem(messageOf(error)),
      )
      .finally(() => setBusy(false));
  };

  return (
    <ModalDialog
      className="share-dialog"
      title={`Share ${what}`}
      closeLabel="Close sharing"
      onClose={onClose}
    >
      <p className="share-dialog__intro">
        {target.widgetId === undefined
          ? `Anyone with the link can read “${target.title}” as it is now, without an account: later messages are not shared, and its widgets run sandboxed.`
          : `Anyone with the link can use “${target.title}” as it is now, without an account, sandboxed as here; the rest of the chat is not shared.`}{' '}
        Revoke the link to stop it.
      </p>
      {problem === undefined ? null : (
        <p className="share-dialog__problem" role="alert">
          {problem}
        </p>
      )}
      {created === undefined ? (
        <button type="button" className="button button--primary" disabled={busy} onClick={create}>
          Create and copy link
        </button>
      ) : (
        <div className="share-dialog__created">
          <input
            className="share-dialog__url"
            readOnly
            value={created.url}
            aria-label="The new link"
            onFocus={(event) => event.currentTarget.select()}
          />
          <button type="button" className="button button--primary" onClick={() => copy(created.url)}>
            {copied === 'copied' ? 'Copied' : copied === 'refused' ? 'Select it and copy' : 'Copy link'}
          </button>
          <p className="share-dialog__note" role="status">
            {copied === 'copied' ? 'The link is on your clipboard. ' : ''}It is shown only now: copy it before
            you close this.
          </p>
        </div>
      )}
      <section className="share-dialog__links" aria-labelledby={linksTitleId}>
        <h3 id={linksTitleId}>Links to this chat</h3>
        {shares === undefined ? (
          <p className="share-dialog__note">Loading…</p>
        ) : shares.length === 0 ? (
          <p className="share-dialog__note">No links yet.</p>
        ) : (
          <ul className="share-dialog__list">
            {shares.map((share) => (
              <li key={share.id} className="share-dialog__row">
                <span className="share-dialog__row-text">
                  <span className="share-dialog__row-title">
                    {share.widgetId === null ? 'Whole chat' : `Widget: ${share.title}`}
                  </span>
                  <span className="share-dialog__note">
                    Made {madeFormat.format(new Date(share.createdAt))}
                  </span>
                </span>
                <button
                  type="button"
                  className="button button--secondary"
                  disabled={busy}
                  aria-label={`Revoke the link made ${madeFormat.format(new Date(share.createdAt))}`}
                  onClick={() => revoke(share)}
                >
                  Revoke
                </button>
              </li>
            ))}
          </ul>
        )}
      </section>
    </ModalDialog>
  );
}
