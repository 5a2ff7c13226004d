import { useEffect, useId, useRef } from 'react';
import { keyboardShortcutGroups } from '../app/keyboard-shortcuts.ts';

/** The keyboard shortcuts, in a modal dialog: Escape or Close shuts it and focus goes back where it was. */
export function ShortcutSheet({ onClose }: { onClose(): void }) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = dialogRef.current;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (dialog && !dialog.open) dialog.showModal();
    return () => opener?.focus();
  }, []);
  return (
    <dialog ref={dialogRef} className="shortcut-sheet" aria-labelledby={titleId} onClose={onClose}>
      <header className="shortcut-sheet__header">
        <h2 id={titleId}>Keyboard shortcuts</h2>
        <button type="button" className="icon-button" aria-label="Close keyboard shortcuts" onClick={onClose}>
          ✕
        </button>
      </header>
      {keyboardShortcutGroups.map((group) => (
        <section key={group.title} className="shortcut-sheet__group" aria-label={group.title}>
          <h3>{group.title}</h3>
          <dl>
            {group.shortcuts.map((shortcut) => (
              <div key={`${shortcut.keys.join('+')} ${shortcut.description}`} className="shortcut-sheet__row">
                <dt>{shortcut.description}</dt>
                <dd>
                  {shortcut.keys.map((key, index) => (
                    <span key={key}>
                      {index > 0 && <span aria-hidden="true"> + </span>}
                      <kbd>{key}</kbd>
                    </span>
                  ))}
                </dd>
              </div>
            ))}
          </dl>
        </section>
      ))}
    </dialog>
  );
}
