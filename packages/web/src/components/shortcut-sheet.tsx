import { keyboardShortcutGroups } from '../app/keyboard-shortcuts.ts';
import { ModalDialog } from './modal-dialog.tsx';

/** The keyboard shortcuts, in a modal dialog: Escape or Close shuts it and focus goes back where it was. */
export function ShortcutSheet({ onClose }: { onClose(): void }) {
  return (
    <ModalDialog
      className="shortcut-sheet"
      title="Keyboard shortcuts"
      closeLabel="Close keyboard shortcuts"
      onClose={onClose}
    >
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
    </ModalDialog>
  );
}
