import { type ReactNode, useEffect, useId, useRef } from 'react';
import '../styles/modal-dialog.css';

/**
 * One of the app's modal dialogs (Share…, Keyboard shortcuts): open while mounted, titled, with a close button;
 * Escape or Close calls `onClose`, and focus goes back where it was when the dialog unmounts.
 */
export function ModalDialog({
  className,
  title,
  closeLabel,
  onClose,
  children,
}: {
  /** The dialog's own class, for its width and contents. */
  className: string;
  title: ReactNode;
  closeLabel: string;
  onClose(): void;
  children: ReactNode;
}) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = dialogRef.current;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (dialog && !dialog.open) dialog.showModal();
    return () => opener?.focus();
  }, []);
  return (
    <dialog
      ref={dialogRef}
      className={`modal-dialog ${className}`}
      aria-labelledby={titleId}
      onClose={onClose}
    >
      <header className="modal-dialog__header">
        <h2 id={titleId}>{title}</h2>
        <button type="button" className="icon-button" aria-label={closeLabel} onClick={onClose}>
          ✕
        </button>
      </header>
      {children}
    </dialog>
  );
}
