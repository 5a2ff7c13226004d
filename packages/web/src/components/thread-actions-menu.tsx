import { type KeyboardEvent, type RefObject, useEffect, useId, useRef } from 'react';

/** One thing the menu offers. */
export interface ThreadAction {
  label: string;
  onSelect(): void;
  tone?: 'danger';
}

/**
 * The "⋯" button of one chat in the list and the menu it opens (Rename, Pin, Archive, the exports, Delete).
 * The button is not a Tab stop of its own: the chat's link is the one stop per chat, and → or Shift+F10 from
 * the link reach it (the item wires that), so the list stays one Tab per chat. The menu follows the
 * menu-button pattern: arrows move, Escape closes back to the button, Tab or a click outside closes it.
 */
export function ThreadActionsMenu({
  chatTitle,
  actions,
  open,
  onOpenChange,
  buttonRef,
}: {
  chatTitle: string;
  actions: readonly ThreadAction[];
  open: boolean;
  onOpenChange(open: boolean): void;
  buttonRef: RefObject<HTMLButtonElement | null>;
}) {
  const menuId = useId();
  const menuRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    menuRef.current?.querySelector<HTMLButtonElement>('[role="menuitem"]')?.focus();
    const closeOnOutsidePress = (event: PointerEvent) => {
      const target = event.target as Node | null;
      if (!menuRef.current?.contains(target) && !buttonRef.current?.contains(target)) onOpenChange(false);
    };
    document.addEventListener('pointerdown', closeOnOutsidePress);
    return () => document.removeEventListener('pointerdown', closeOnOutsidePress);
  }, [open, onOpenChange, buttonRef]);

  const close = ({ returnFocus }: { returnFocus: boolean }) => {
    onOpenChange(false);
    if (returnFocus) buttonRef.current?.focus();
  };

  const handleMenuKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const items = [...(menuRef.current?.querySelectorAll<HTMLButtonElement>('[role="menuitem"]') ?? [])];
    const index = items.indexOf(document.activeElement as HTMLButtonElement);
    const move = (to: number) => {
      event.preventDefault();
      items[(to + items.length) % items.length]?.focus();
    };
    if (event.key === 'ArrowDown') move(index + 1);
    else if (event.key === 'ArrowUp') move(index - 1);
    else if (event.key === 'Home') move(0);
    else if (event.key === 'End') move(items.length - 1);
    else if (event.key === 'Escape') {
      event.preventDefault();
      // Escape closes this menu only, not the phone drawer around it.
      event.stopPropagation();
      close({ returnFocus: true });
    } else if (event.key === 'Tab') close({ returnFocus: false });
  };

  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        className="thread__menu-button icon-button"
        aria-label={`Actions for chat “${chatTitle}”`}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        tabIndex={-1}
        onClick={() => onOpenChange(!open)}
      >
        <svg viewBox="0 0 20 20" width="16" height="16" aria-hidden="true">
          <circle cx="5" cy="10" r="1.5" fill="currentColor" />
          <circle cx="10" cy="10" r="1.5" fill="currentColor" />
          <circle cx="15" cy="10" r="1.5" fill="currentColor" />
        </svg>
      </button>
      {open && (
        <div
          ref={menuRef}
          id={menuId}
          className="thread__menu"
          role="menu"
          aria-label={`Actions for chat “${chatTitle}”`}
          onKeyDown={handleMenuKeyDown}
        >
          {actions.map((action) => (
            <button
              key={action.label}
              type="button"
              role="menuitem"
              tabIndex={-1}
              className={
                action.tone === 'danger' ? 'thread__menu-item thread__menu-item--danger' : 'thread__menu-item'
              }
              onClick={() => {
                onOpenChange(false);
                action.onSelect();
              }}
            >
              {action.label}
            </button>
          ))}
        </div>
      )}
    </>
  );
}
