import type { ThreadSummary } from '@drawbridge/protocol';
import { groupChatList } from '@drawbridge/react';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import type { ThreadPlacement } from '../app/use-chat.ts';
import { useNowByDay } from '../app/use-now-by-day.ts';
import { useThreadSearch } from '../app/use-thread-search.ts';
import { AccountControl } from '../session/account-control.tsx';
import { ImportChatButton } from './import-chat-button.tsx';
import { ThreadGroups } from './thread-groups.tsx';
import { ThreadListItem } from './thread-list-item.tsx';

/** Where focus goes once a pinned, unpinned or archived chat has moved: a chat's link, or the Archived toggle. */
type FocusAfterMove = { threadId: string } | 'archived-toggle';

function threadIdOfLink(link: Element | undefined): string | undefined {
  return link?.getAttribute('href')?.replace(/^#\/t\//, '');
}

/** The id of the chat search box, which Ctrl+K focuses. */
export const threadSearchInputId = 'chat-search';

/**
 * The thread list: start a new chat, search, switch to, rename, pin, archive or delete a saved one. The chats
 * show under Pinned and then by their last activity (Today, Yesterday, …, by month, in the browser's time
 * zone); "Archived chats" at the foot shows the archived ones instead, and "Back to chats" the list again.
 */
export function ThreadSidebar({
  threads,
  archivedThreads,
  activeThreadId,
  open,
  onNewChat,
  onSelect,
  onRename,
  onPlace,
  onDelete,
  onImport,
}: {
  /** The chats in the list, newest first. */
  threads: ThreadSummary[];
  /** The archived chats, newest first. */
  archivedThreads: ThreadSummary[];
  activeThreadId: string | undefined;
  /** On a phone the list is a drawer; `open` says whether it is showing. */
  open: boolean;
  onNewChat(): void;
  onSelect(threadId: string): void;
  onRename(threadId: string, title: string): void;
  onPlace(threadId: string, placement: ThreadPlacement): void;
  onDelete(threadId: string): void;
  /** Makes a new chat of a JSON export; without it the list offers no import. */
  onImport?(file: File): void;
}) {
  const [query, setQuery] = useState('');
  const search = useThreadSearch(query);
  const [showArchived, setShowArchived] = useState(false);
  const archivedHeadingId = useId();
  const now = useNowByDay();
  const groups = useMemo(() => groupChatList({ threads, now }), [threads, now]);
  const navRef = useRef<HTMLElement>(null);
  const focusAfterMove = useRef<FocusAfterMove | undefined>(undefined);
  // A chat deleted (or waiting to be) is gone from the results too; so is one archived.
  const visible = new Set(threads.map((thread) => thread.id));

  // The moved chat's menu closed under the keyboard: focus follows the chat, or goes to its neighbour.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the lists it reads the new links of change.
  useEffect(() => {
    const wanted = focusAfterMove.current;
    if (wanted === undefined) return;
    focusAfterMove.current = undefined;
    const target =
      wanted === 'archived-toggle'
        ? navRef.current?.querySelector<HTMLElement>('.sidebar__archived-toggle')
        : navRef.current?.querySelector<HTMLElement>(`.thread__link[href="#/t/${wanted.threadId}"]`);
    target?.focus();
  }, [threads, archivedThreads]);

  const place = (threadId: string, placement: ThreadPlacement) => {
    if (placement.archived === undefined) {
      focusAfterMove.current = { threadId };
    } else {
      // Archived or brought back, the chat leaves the list on screen: its neighbour takes the focus.
      const links = [...(navRef.current?.querySelectorAll('.thread__link') ?? [])];
      const index = links.findIndex((link) => threadIdOfLink(link) === threadId);
      const neighbour = index === -1 ? undefined : threadIdOfLink(links[index + 1] ?? links[index - 1]);
      focusAfterMove.current = neighbour === undefined ? 'archived-toggle' : { threadId: neighbour };
    }
    onPlace(threadId, placement);
  };
  const itemProps = { onSelect, onRename, onPlace: place, onDelete };

  return (
    <nav
      ref={navRef}
      className={open ? 'sidebar sidebar--open' : 'sidebar'}
      id="chat-list"
      aria-label="Chats"
    >
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
      {search.status === 'idle' && showArchived ? (
        <div className="sidebar__scroller">
          <h2 id={archivedHeadingId} className="sidebar__heading">
            Archived chats
          </h2>
          {archivedThreads.length === 0 ? (
            <p className="sidebar__empty">No archived chats.</p>
          ) : (
            <ul className="sidebar__list" aria-labelledby={archivedHeadingId}>
              {archivedThreads.map((thread) => (
                <ThreadListItem
                  key={thread.id}
                  thread={thread}
                  active={thread.id === activeThreadId}
                  {...itemProps}
                />
              ))}
            </ul>
          )}
        </div>
      ) : search.status === 'idle' ? (
        <div className="sidebar__scroller">
          {threads.length === 0 ? (
            <p className="sidebar__empty">No chats yet.</p>
          ) : (
            <ThreadGroups groups={groups} activeThreadId={activeThreadId} itemProps={itemProps} />
          )}
        </div>
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
      {(archivedThreads.length > 0 || showArchived) && (
        <button
          type="button"
          className="sidebar__foot-button sidebar__archived-toggle"
          onClick={() => setShowArchived((shown) => !shown)}
        >
          {showArchived ? '← Back to chats' : `Archived chats (${archivedThreads.length})`}
        </button>
      )}
      {onImport && <ImportChatButton onImport={onImport} />}
      <AccountControl />
    </nav>
  );
}
