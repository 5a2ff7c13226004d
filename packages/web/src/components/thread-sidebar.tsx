import type { ThreadSummary } from '@drawbridge/protocol';
import { useState } from 'react';
import { useThreadSearch } from '../app/use-thread-search.ts';
import { AccountControl } from '../session/account-control.tsx';
import { ImportChatButton } from './import-chat-button.tsx';
import { ThreadListItem } from './thread-list-item.tsx';

/** The id of the chat search box, which Ctrl+K focuses. */
export const threadSearchInputId = 'chat-search';

/** The thread list: start a new chat, search, switch to, rename or delete a saved one. */
export function ThreadSidebar({
  threads,
  activeThreadId,
  open,
  onNewChat,
  onSelect,
  onRename,
  onDelete,
  onImport,
}: {
  threads: ThreadSummary[];
  activeThreadId: string | undefined;
  /** On a phone the list is a drawer; `open` says whether it is showing. */
  open: boolean;
  onNewChat(): void;
  onSelect(threadId: string): void;
  onRename(threadId: string, title: string): void;
  onDelete(threadId: string): void;
  /** Makes a new chat of a JSON export; without it the list offers no import. */
  onImport?(file: File): void;
}) {
  const [query, setQuery] = useState('');
  const search = useThreadSearch(query);
  // A chat deleted (or waiting to be) is gone from the results too.
  const visible = new Set(threads.map((thread) => thread.id));
  const itemProps = { onSelect, onRename, onDelete };

  return (
    <nav className={open ? 'sidebar sidebar--open' : 'sidebar'} id="chat-list" aria-label="Chats">
      <div className="sidebar__brand">
        <span className="sidebar__logo" aria-hidden="true" />
        <span>Drawbridge</span>
      </div>
      <button type="button" className="button button--primary sidebar__new" onClick={onNewChat}>
        <svg viewBox="0 0 20 20" width="16" height="16" aria-hidden="true">
          <path
            d="M10 4v12M4 10h12"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
          />
        </svg>
        New chat
      </button>
      <search className="sidebar__search">
        <label htmlFor={threadSearchInputId} className="visually-hidden">
          Search chats
        </label>
        <input
          id={threadSearchInputId}
          type="search"
          className="sidebar__search-input"
          placeholder="Search chats"
          autoComplete="off"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Escape' && query !== '') {
              // The first Escape clears the search; the next one may close the drawer.
              event.stopPropagation();
              setQuery('');
            }
          }}
        />
      </search>
      {search.status === 'idle' ? (
        <>
          <h2 className="sidebar__heading">Recent</h2>
          {threads.length === 0 ? (
            <p className="sidebar__empty">No chats yet.</p>
          ) : (
            <ul className="sidebar__list">
              {threads.map((thread) => (
                <ThreadListItem
                  key={thread.id}
                  thread={thread}
                  active={thread.id === activeThreadId}
                  {...itemProps}
                />
              ))}
            </ul>
          )}
        </>
      ) : (
        <>
          <h2 className="sidebar__heading">Search results</h2>
          <div className="sidebar__results" aria-live="polite" aria-busy={search.status === 'searching'}>
            {search.status === 'searching' && <p className="sidebar__empty">Searching…</p>}
            {search.status === 'failed' && <p className="sidebar__empty">{search.message}</p>}
            {search.status === 'done' &&
              (search.results.filter((result) => visible.has(result.thread.id)).length === 0 ? (
                <p className="sidebar__empty">No chats match “{search.query}”.</p>
              ) : (
                <ul className="sidebar__list">
                  {search.results
                    .filter((result) => visible.has(result.thread.id))
                    .map((result) => (
                      <ThreadListItem
                        key={result.thread.id}
                        thread={threads.find((thread) => thread.id === result.thread.id) ?? result.thread}
                        snippet={result.snippet}
                        query={search.query}
                        active={result.thread.id === activeThreadId}
                        {...itemProps}
                      />
                    ))}
                </ul>
              ))}
          </div>
        </>
      )}
      {onImport && <ImportChatButton onImport={onImport} />}
      <AccountControl />
    </nav>
  );
}
