import { type KeyboardEvent, useLayoutEffect, useRef, useState } from 'react';
import type { ThreadSummary } from '../api/api-schemas.ts';

/** One saved chat in the sidebar: open it, rename it in place, or delete it. */
export function ThreadListItem({
  thread,
  active,
  snippet,
  onSelect,
  onRename,
  onDelete,
}: {
  thread: ThreadSummary;
  active: boolean;
  /** For a search result: the words around the match. */
  snippet?: string | null;
  onSelect(threadId: string): void;
  onRename(threadId: string, title: string): void;
  onDelete(threadId: string): void;
}) {
  const title = thread.title || 'Untitled chat';
  const [renaming, setRenaming] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const renameButtonRef = useRef<HTMLButtonElement>(null);
  const returnFocus = useRef(false);
  // Read by handlers of the render that is being replaced, so a ref rather than the state.
  const open = useRef(false);

  useLayoutEffect(() => {
    if (renaming) {
      inputRef.current?.focus();
      inputRef.current?.select();
    } else if (returnFocus.current) {
      returnFocus.current = false;
      renameButtonRef.current?.focus();
    }
  }, [renaming]);

  const finish = (save: boolean) => {
    // Enter or Escape already finished; the blur of the box leaving the page must not save again.
    if (!open.current) return;
    open.current = false;
    const typed = inputRef.current?.value.trim() ?? '';
    returnFocus.current = true;
    setRenaming(false);
    if (save && typed !== '' && typed !== thread.title) onRename(thread.id, typed);
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      finish(true);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      // Escape cancels the rename only; the phone drawer around it stays open.
      event.stopPropagation();
      finish(false);
    }
  };

  return (
    <li className={active ? 'thread thread--active' : 'thread'}>
      {renaming ? (
        <input
          ref={inputRef}
          className="thread__rename"
          aria-label={`New name for “${title}”`}
          defaultValue={thread.title}
          maxLength={200}
          onKeyDown={handleKeyDown}
          onBlur={() => finish(true)}
        />
      ) : (
        <a
          className="thread__link"
          href={`#/t/${thread.id}`}
          aria-current={active ? 'page' : undefined}
          onClick={(event) => {
            event.preventDefault();
            onSelect(thread.id);
          }}
        >
          <span className="thread__title">{title}</span>
          {snippet && !snippet.startsWith(title.replace(/…$/, '')) && (
            <span className="thread__snippet">{snippet}</span>
          )}
        </a>
      )}
      {!renaming && (
        <button
          ref={renameButtonRef}
          type="button"
          className="thread__action icon-button"
          aria-label={`Rename chat “${title}”`}
          onClick={() => {
            open.current = true;
            setRenaming(true);
          }}
        >
          <svg viewBox="0 0 20 20" width="15" height="15" aria-hidden="true">
            <path
              d="M12.5 4.5l3 3L8 15H5v-3zM11 6l3 3"
              fill="none"
              stroke="currentColor"
              strokeWidth="1.6"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
          </svg>
        </button>
      )}
      <button
        type="button"
        className="thread__delete thread__action icon-button"
        aria-label={`Delete chat “${title}”`}
        onClick={() => onDelete(thread.id)}
      >
        <svg viewBox="0 0 20 20" width="16" height="16" aria-hidden="true">
          <path
            d="M5 6h10M8 6V4h4v2M7 6l1 10h4l1-10"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.6"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
      </button>
    </li>
  );
}
