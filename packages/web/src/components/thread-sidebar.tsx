import type { ThreadSummary } from '../api/api-schemas.ts';

/** The thread list: start a new chat, switch to or delete a saved one. */
export function ThreadSidebar({
  threads,
  activeThreadId,
  open,
  onNewChat,
  onSelect,
  onDelete,
}: {
  threads: ThreadSummary[];
  activeThreadId: string | undefined;
  /** On a phone the list is a drawer; `open` says whether it is showing. */
  open: boolean;
  onNewChat(): void;
  onSelect(threadId: string): void;
  onDelete(threadId: string): void;
}) {
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
      <h2 className="sidebar__heading">Recent</h2>
      {threads.length === 0 ? (
        <p className="sidebar__empty">No chats yet.</p>
      ) : (
        <ul className="sidebar__list">
          {threads.map((thread) => {
            const active = thread.id === activeThreadId;
            const title = thread.title || 'Untitled chat';
            return (
              <li key={thread.id} className={active ? 'thread thread--active' : 'thread'}>
                <a
                  className="thread__link"
                  href={`#/t/${thread.id}`}
                  aria-current={active ? 'page' : undefined}
                  onClick={(event) => {
                    event.preventDefault();
                    onSelect(thread.id);
                  }}
                >
                  {title}
                </a>
                <button
                  type="button"
                  className="thread__delete icon-button"
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
          })}
        </ul>
      )}
    </nav>
  );
}
