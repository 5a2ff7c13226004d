/** One shortcut as the sheet lists it: the keys (each a `<kbd>`) and what they do, grouped by where. */
export interface KeyboardShortcut {
  keys: readonly string[];
  description: string;
}

/**
 * Every shortcut the chat has, in one list: the sheet shows exactly these, and each is handled where it
 * says (`use-keyboard-shortcuts.ts`, the composer, the message editor, the dialogs, the widget card).
 */
export const keyboardShortcutGroups: readonly { title: string; shortcuts: readonly KeyboardShortcut[] }[] = [
  {
    title: 'Anywhere',
    shortcuts: [
      { keys: ['Ctrl', 'Shift', 'O'], description: 'New chat' },
      { keys: ['Ctrl', 'K'], description: 'Search chats' },
      { keys: ['?'], description: 'Show keyboard shortcuts (outside a text box)' },
      { keys: ['Ctrl', '/'], description: 'Show keyboard shortcuts' },
      { keys: ['Esc'], description: 'Close a dialog, the chat list or a fullscreen widget' },
    ],
  },
  {
    title: 'Chat list',
    shortcuts: [
      { keys: ['→'], description: 'From a chat, go to its ⋯ menu (rename, delete)' },
      { keys: ['Shift', 'F10'], description: "Open a chat's menu" },
    ],
  },
  {
    title: 'Message box',
    shortcuts: [
      { keys: ['Enter'], description: 'Send the message' },
      { keys: ['Shift', 'Enter'], description: 'New line' },
    ],
  },
  {
    title: 'Editing a sent message',
    shortcuts: [
      { keys: ['Enter'], description: 'Send the edited message' },
      { keys: ['Esc'], description: 'Cancel the edit' },
    ],
  },
];

/** What a key press asks of the whole chat, or nothing. */
export type ShortcutCommand = 'new-chat' | 'search' | 'show-shortcuts';

/** Whether the key went to something the user types into, where `?` is a character, not a command. */
function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

/** Reads a key press as one of the chat-wide shortcuts (⌘ counts as Ctrl on a Mac). */
export function shortcutCommand(event: {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
  target: EventTarget | null;
}): ShortcutCommand | undefined {
  const control = event.ctrlKey || event.metaKey;
  if (event.altKey) return undefined;
  const key = event.key.toLowerCase();
  if (control && event.shiftKey && key === 'o') return 'new-chat';
  if (control && !event.shiftKey && key === 'k') return 'search';
  if (control && key === '/') return 'show-shortcuts';
  if (!control && event.key === '?' && !isTyping(event.target)) return 'show-shortcuts';
  return undefined;
}
