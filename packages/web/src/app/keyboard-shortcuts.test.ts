// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { shortcutCommand } from './keyboard-shortcuts.ts';

const press = (
  key: string,
  modifiers: Partial<Record<'ctrlKey' | 'metaKey' | 'shiftKey' | 'altKey', boolean>> = {},
  target: EventTarget | null = document.body,
) => ({
  key,
  ctrlKey: false,
  metaKey: false,
  shiftKey: false,
  altKey: false,
  target,
  ...modifiers,
});

describe('shortcutCommand', () => {
  it('reads the chat-wide shortcuts, with Cmd as Ctrl', () => {
    expect(shortcutCommand(press('O', { ctrlKey: true, shiftKey: true }))).toBe('new-chat');
    expect(shortcutCommand(press('k', { metaKey: true }))).toBe('search');
    expect(shortcutCommand(press('/', { ctrlKey: true }))).toBe('show-shortcuts');
    expect(shortcutCommand(press('?', { shiftKey: true }))).toBe('show-shortcuts');
  });

  it('leaves ? to a text box, and ignores other keys and Alt combinations', () => {
    expect(
      shortcutCommand(press('?', { shiftKey: true }, document.createElement('textarea'))),
    ).toBeUndefined();
    expect(shortcutCommand(press('?', { shiftKey: true }, document.createElement('input')))).toBeUndefined();
    expect(shortcutCommand(press('/', { ctrlKey: true }, document.createElement('textarea')))).toBe(
      'show-shortcuts',
    );
    expect(shortcutCommand(press('k'))).toBeUndefined();
    expect(shortcutCommand(press('k', { ctrlKey: true, altKey: true }))).toBeUndefined();
  });
});
