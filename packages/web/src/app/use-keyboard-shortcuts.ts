import { useEffect, useRef } from 'react';
import { type ShortcutCommand, shortcutCommand } from './keyboard-shortcuts.ts';

/** Listens for the chat-wide shortcuts on the window; the handlers are read when a key is pressed. */
export function useKeyboardShortcuts(handlers: Record<ShortcutCommand, () => void>): void {
  const latest = useRef(handlers);
  latest.current = handlers;
  useEffect(() => {
    const handleKeyDown = (event: KeyboardEvent) => {
      // A key already used by what has focus (an editor's Escape, a dialog) is not ours.
      if (event.defaultPrevented) return;
      const command = shortcutCommand(event);
      if (command === undefined) return;
      event.preventDefault();
      latest.current[command]();
    };
    window.addEventListener('keydown', handleKeyDown);
    return () => window.removeEventListener('keydown', handleKeyDown);
  }, []);
}
