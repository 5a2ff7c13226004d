// @vitest-environment happy-dom

import type { ThreadSummary } from '@drawbridge/protocol';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ThreadListItem } from './thread-list-item.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const longTitle = 'Show me a caffeine molecule in 3D with a spin button';
const thread = {
  id: 't1',
  title: longTitle,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
} as ThreadSummary;

let container: HTMLUListElement;
let root: Root;
const onRename = vi.fn();
const onDelete = vi.fn();

function draw(props: Partial<Parameters<typeof ThreadListItem>[0]> = {}) {
  act(() =>
    root.render(
      <ThreadListItem
        thread={thread}
        active={false}
        onSelect={() => {}}
        onRename={onRename}
        onDelete={onDelete}
        {...props}
      />,
    ),
  );
}

function press(target: Element, key: string, init: KeyboardEventInit = {}) {
  act(() => {
    target.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true, ...init }));
  });
}

const link = () => container.querySelector<HTMLAnchorElement>('.thread__link')!;
const menuButton = () => container.querySelector<HTMLButtonElement>('.thread__menu-button')!;
const menuItem = (name: string) =>
  [...container.querySelectorAll<HTMLButtonElement>('[role="menuitem"]')].find(
    (item) => item.textContent === name,
  );

function typeInto(input: HTMLInputElement, value: string) {
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
  act(() => {
    setter.call(input, value);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

beforeEach(() => {
  container = document.createElement('ul');
  document.body.append(container);
  root = createRoot(container);
  onRename.mockReset();
  onDelete.mockReset();
});

afterEach(() => {
  act(() => root.unmount());
  container.remove();
});

describe('ThreadListItem', () => {
  it('is one Tab stop, with the whole title as its tooltip', () => {
    draw();
    const tabbable = [...container.querySelectorAll<HTMLElement>('a[href], button, input')].filter(
      (element) => element.tabIndex >= 0,
    );
    expect(tabbable).toEqual([link()]);
    expect(link().title).toBe(longTitle);
  });

  it('reaches its menu with → or Shift+F10, and Escape goes back to the menu button', () => {
    draw();
    link().focus();
    press(link(), 'ArrowRight');
    expect(document.activeElement).toBe(menuButton());
    press(link(), 'F10', { shiftKey: true });
    expect(menuButton().getAttribute('aria-expanded')).toBe('true');
    expect(document.activeElement).toBe(menuItem('Rename'));
    expect([...container.querySelectorAll('[role="menuitem"]')].map((item) => item.textContent)).toEqual([
      'Rename',
      'Share…',
      'Export as Markdown',
      'Export as HTML',
      'Export as JSON',
      'Delete',
    ]);
    press(document.activeElement!, 'ArrowDown');
    expect(document.activeElement).toBe(menuItem('Share…'));
    press(document.activeElement!, 'ArrowDown');
    expect(document.activeElement).toBe(menuItem('Export as Markdown'));
    press(document.activeElement!, 'End');
    expect(document.activeElement).toBe(menuItem('Delete'));
    press(document.activeElement!, 'Escape');
    expect(container.querySelector('[role="menu"]')).toBeNull();
    expect(document.activeElement).toBe(menuButton());
  });

  it('pins, unpins and archives a listed chat, unarchives an archived one, Delete last in each menu', () => {
    const onPlace = vi.fn();
    const menuLabels = () =>
      [...container.querySelectorAll('[role="menuitem"]')].map((item) => item.textContent);
    const openMenu = () => {
      link().focus();
      press(link(), 'F10', { shiftKey: true });
    };
    draw({ onPlace });
    openMenu();
    expect(menuLabels()).toEqual([
      'Rename',
      'Share…',
      'Pin',
      'Archive',
      'Export as Markdown',
      'Export as HTML',
      'Export as JSON',
      'Delete',
    ]);
    press(document.activeElement!, 'End');
    expect(document.activeElement).toBe(menuItem('Delete'));
    act(() => menuItem('Pin')!.click());
    expect(onPlace).toHaveBeenLastCalledWith('t1', { pinned: true });

    draw({ onPlace, thread: { ...thread, pinnedAt: '2026-01-02T00:00:00.000Z' } });
    openMenu();
    expect(menuLabels().slice(0, 4)).toEqual(['Rename', 'Share…', 'Unpin', 'Archive']);
    act(() => menuItem('Unpin')!.click());
    expect(onPlace).toHaveBeenLastCalledWith('t1', { pinned: false });
    openMenu();
    act(() => menuItem('Archive')!.click());
    expect(onPlace).toHaveBeenLastCalledWith('t1', { archived: true });

    draw({ onPlace, thread: { ...thread, archivedAt: '2026-01-02T00:00:00.000Z' } });
    openMenu();
    expect(menuLabels()).toEqual([
      'Rename',
      'Share…',
      'Unarchive',
      'Export as Markdown',
      'Export as HTML',
      'Export as JSON',
      'Delete',
    ]);
    act(() => menuItem('Unarchive')!.click());
    expect(onPlace).toHaveBeenLastCalledWith('t1', { archived: false });
  });

  it('deletes from the menu', () => {
    draw();
    act(() => menuButton().click());
    act(() => menuItem('Delete')!.click());
    expect(onDelete).toHaveBeenCalledWith('t1');
  });

  it('says the limit while a new name is too long, and never sends one cut to fit', () => {
    draw();
    act(() => menuButton().click());
    act(() => menuItem('Rename')!.click());
    const input = container.querySelector<HTMLInputElement>('.thread__rename')!;
    const count = container.querySelector('.thread__rename-count')!;
    expect(count.textContent).toBe(`${longTitle.length} / 60`);
    const seventyTwo = 'A seventy-two character title for the caffeine molecule chat, exactly!!!';
    expect(seventyTwo).toHaveLength(72);
    typeInto(input, seventyTwo);
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(count.textContent).toBe('72 characters: a name can have at most 60');
    press(input, 'Enter');
    // Still open, nothing sent: the user shortens it or cancels.
    expect(container.querySelector('.thread__rename')).not.toBeNull();
    expect(onRename).not.toHaveBeenCalled();
    typeInto(input, 'Caffeine molecule');
    press(input, 'Enter');
    expect(onRename).toHaveBeenCalledWith('t1', 'Caffeine molecule');
    expect(document.activeElement).toBe(menuButton());
  });

  it('marks what a search matched in the title and the snippet', () => {
    draw({ query: 'spin', snippet: '…the molecule turns when you press spin' });
    expect([...container.querySelectorAll('mark')].map((mark) => mark.textContent)).toEqual(['spin', 'spin']);
  });
});
