import { type ReactNode, useCallback, useEffect, useId, useRef, useState } from 'react';

interface PendingLink {
  url: URL;
  answer(confirmed: boolean): void;
}

/**
 * The page's one question before a widget's link leaves for a host not on the trusted list: `confirmLink` shows
 * the destination and resolves whether the user chose to open it; `dialog` is rendered once, by the app. While a
 * question is open, another link is declined at once, so a widget cannot stack dialogs.
 */
export function useLinkConfirmation(): { confirmLink(url: URL): Promise<boolean>; dialog: ReactNode } {
  const [pending, setPending] = useState<PendingLink | undefined>(undefined);
  const pendingRef = useRef<PendingLink | undefined>(undefined);
  const confirmLink = useCallback(
    (url: URL) =>
      new Promise<boolean>((resolve) => {
        if (pendingRef.current !== undefined) {
          resolve(false);
          return;
        }
        const question: PendingLink = {
          url,
          answer: (confirmed) => {
            // Answered once: a dialog's late close event (after Cancel unmounted it and another link asked)
            // must neither answer again nor take the next question's dialog away.
            if (pendingRef.current !== question) return;
            pendingRef.current = undefined;
            setPending(undefined);
            resolve(confirmed);
          },
        };
        pendingRef.current = question;
        setPending(question);
      }),
    [],
  );
  const dialog =
    pending === undefined ? null : (
      <LinkConfirmDialog key={pending.url.href} url={pending.url} onAnswer={pending.answer} />
    );
  return { confirmLink, dialog };
}

/** A modal that names where a widget's link goes — the host first, large, then the whole address — and asks. */
function LinkConfirmDialog({ url, onAnswer }: { url: URL; onAnswer(confirmed: boolean): void }) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const idPrefix = useId();
  useEffect(() => {
    const dialog = dialogRef.current;
    if (dialog && !dialog.open) dialog.showModal();
    // React applies autoFocus as it commits, before this effect opens the dialog (a closed dialog's button
    // takes no focus): Cancel is focused here, once the dialog is open.
    cancelRef.current?.focus();
  }, []);
  return (
    <dialog
      ref={dialogRef}
      className="db-link-dialog"
      aria-labelledby={`${idPrefix}-title`}
      aria-describedby={`${idPrefix}-destination`}
      // Escape closes the dialog: that is a "no".
      onClose={() => onAnswer(false)}
    >
      <h2 id={`${idPrefix}-title`} className="db-link-dialog__title">
        Leave Drawbridge for another site?
      </h2>
      <p className="db-link-dialog__lead">A widget in this chat wants to open a page on</p>
      <div id={`${idPrefix}-destination`} className="db-link-dialog__destination">
        <strong className="db-link-dialog__host">{url.hostname}</strong>
        <code className="db-link-dialog__url">{url.href}</code>
      </div>
      <p className="db-link-dialog__note">
        Open it only if you expected this widget to take you there. It opens in a new tab.
      </p>
      <div className="db-link-dialog__actions">
        {/* Focused first, so Enter pressed by habit does not leave. */}
        <button
          ref={cancelRef}
          type="button"
          className="db-button db-button--secondary"
          onClick={() => onAnswer(false)}
        >
          Cancel
        </button>
        <button type="button" className="db-button db-button--primary" onClick={() => onAnswer(true)}>
          Open {url.hostname}
        </button>
      </div>
    </dialog>
  );
}
