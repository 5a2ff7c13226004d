import type { Share } from '@drawbridge/protocol';
import { createShare, fetchShares, revokeShare, sharedPageUrl } from '@drawbridge/react';
import { useCallback, useId, useState } from 'react';
import { ModalDialog } from './modal-dialog.tsx';
import { useCopyFeedback } from './use-copy-feedback.ts';
import { useServerList } from './use-server-list.ts';
import '../styles/share-dialog.css';

/** What a dialog shares: a chat, or one widget revision in it. */
export interface ShareTarget {
  threadId: string;
  /** The widget revision; absent for the whole chat. */
  widgetId?: string;
  title: string;
}

const madeFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/**
 * "Share…": makes a read-only link to the chat (or widget) and copies it, and lists the chat's links with
 * Revoke. A link shows a copy made when it was created; its URL is shown once, in this dialog.
 */
export function ShareDialog({ target, onClose }: { target: ShareTarget; onClose(): void }) {
  const linksTitleId = useId();
  const load = useCallback(() => fetchShares({ threadId: target.threadId }), [target.threadId]);
  const { items: shares, problem, busy, change } = useServerList(load);
  const [created, setCreated] = useState<{ shareId: string; url: string } | undefined>();
  const { copied, copy } = useCopyFeedback();
  const what = target.widgetId === undefined ? 'chat' : 'widget';

  const create = () =>
    change(async () => {
      const { share, path } = await createShare({
        threadId: target.threadId,
        ...(target.widgetId === undefined ? {} : { widgetId: target.widgetId }),
      });
      const url = sharedPageUrl({ path });
      setCreated({ shareId: share.id, url });
      copy(url);
    });

  const revoke = (share: Share) =>
    change(async () => {
      await revokeShare({ shareId: share.id });
      if (created?.shareId === share.id) setCreated(undefined);
    });

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
