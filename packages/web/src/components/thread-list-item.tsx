import type { ThreadSummary } from '@drawbridge/protocol';
import { maximumThreadTitleLength, oneLineTitle } from '@drawbridge/protocol';
import { type KeyboardEvent, useCallback, useLayoutEffect, useRef, useState } from 'react';
import { type MatchSegment, matchSegments, snippetSegments } from '../app/search-match-segments.ts';
import type { ThreadPlacement } from '../app/use-chat.ts';
import { downloadThreadExport, threadExportChoices } from './download-thread-export.ts';
import { ShareDialog } from './share-dialog.tsx';
import { ThreadActionsMenu } from './thread-actions-menu.tsx';

function Highlighted({ segments }: { segments: readonly MatchSegment[] }) {
  return segments.map((segment, index) =>
    // biome-ignore lint/suspicious/noArrayIndexKey: segments are positions in an unchanging text.
    segment.match ? <mark key={index}>{segment.text}</mark> : <span key={index}>{segment.text}</span>,
  );
}

/**
 * One saved chat in the sidebar: open it, or rename, pin, archive, export or delete it from its "⋯" menu (an
 * archived chat's menu brings it back instead of pinning or archiving; Delete is last in both). The link is the chat's
 * one Tab stop; → or Shift+F10 on it reaches the menu. The whole title is the link's tooltip, and a search
 * marks what matched in the title and the snippet.
 */
export function ThreadListItem({
  thread,
  active,
  snippet,
  query,
  onSelect,
  onRename,
  onPlace,
  onDelete,
}: {
  thread: ThreadSummary;
  active: boolean;
  /** For a search result: the words around the match. */
  snippet?: string | null;
  /** For a search result: what was searched for, marked where it matched. */
  query?: string;
  onSelect(threadId: string): void;
  onRename(threadId: string, title: string): void;
  /** Pins or unpins, archives or unarchives; without it the menu offers neither. */
  onPlace?(threadId: string, placement: ThreadPlacement): void;
  onDelete(threadId: string): void;
}) {
  const title = thread.title || 'Untitled chat';
  const [renaming, setRenaming] = useState(false);
  const [menuOpen, setMenuOpen] = useState(false);
  const [sharing, setSharing] = useState(false);
  const [draftLength, setDraftLength] = useState(0);
  const inputRef = useRef<HTMLInputElement>(null);
  const menuButtonRef = useRef<HTMLButtonElement>(null);
  const returnFocus = useRef(false);
  // Read by handlers of the render that is being replaced, so a ref rather than the state.
  const open = useRef(false);

  useLayoutEffect(() => {
    if (renaming) {
      inputRef.current?.focus();
      inputRef.current?.select();
    } else if (returnFocus.current) {
      returnFocus.current = false;
      menuButtonRef.current?.focus();
    }
  }, [renaming]);

  const startRenaming = () => {
    open.current = true;
    setDraftLength(oneLineTitle(thread.title).length);
    setRenaming(true);
  };

  const tooLong = draftLength > maximumThreadTitleLength;

  const finish = (save: boolean) => {
    // Enter or Escape already finished; the blur of the box leaving the page must not save again.
    if (!open.current) return;
    open.current = false;
    const typed = oneLineTitle(inputRef.current?.value ?? '');
    returnFocus.current = true;
    setRenaming(false);
    // A name past the limit is never cut to fit: it is not sent, and the box said why while it was open.
    if (save && typed !== '' && typed.length <= maximumThreadTitleLength && typed !== thread.title) {
      onRename(thread.id, typed);
    }
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      // Too long: the box stays open, with the count and the limit beside it, until the name fits.
      if (!tooLong) finish(true);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      // Escape cancels the rename only; the phone drawer around it stays open.
      event.stopPropagation();
      finish(false);
    }
  };

  const handleLinkKeyDown = (event: KeyboardEvent<HTMLAnchorElement>) => {
    if (event.key === 'ArrowRight') {
      event.preventDefault();
      menuButtonRef.current?.focus();
    } else if ((event.key === 'F10' && event.shiftKey) || event.key === 'ContextMenu') {
      event.preventDefault();
      setMenuOpen(true);
    }
  };

  const setMenu = useCallback((wanted: boolean) => setMenuOpen(wanted), []);
  const archived = Boolean(thread.archivedAt);
  const placements = onPlace
    ? archived
      ? [{ label: 'Unarchive', onSelect: () => onPlace(thread.id, { archived: false }) }]
      : [
          thread.pinnedAt
            ? { label: 'Unpin', onSelect: () => onPlace(thread.id, { pinned: false }) }
            : { label: 'Pin', onSelect: () => onPlace(thread.id, { pinned: true }) },
          { label: 'Archive', onSelect: () => onPlace(thread.id, { archived: true }) },
        ]
    : [];
  const countId = `thread-rename-count-${thread.id}`;
  const classes = ['thread', active ? 'thread--active' : '', menuOpen ? 'thread--menu-open' : ''];

  return (
    <li className={classes.filter(Boolean).join(' ')}>
      {renaming ? (
        <div className="thread__rename-box">
          <input
            ref={inputRef}
            className="thread__rename"
            aria-label={`New name for “${title}”`}
            aria-invalid={tooLong ? true : undefined}
            aria-describedby={countId}
            defaultValue={thread.title}
            onChange={(event) => setDraftLength(oneLineTitle(event.target.value).length)}
            onKeyDown={handleKeyDown}
            onBlur={() => finish(true)}
          />
          <p
            id={countId}
            className={tooLong ? 'thread__rename-count thread__rename-count--over' : 'thread__rename-count'}
            aria-live="polite"
          >
            {tooLong
              ? `${draftLength} characters: a name can have at most ${maximumThreadTitleLength}`
              : `${draftLength} / ${maximumThreadTitleLength}`}
          </p>
        </div>
      ) : (
        <>
          <a
            className="thread__link"
            href={`#/t/${thread.id}`}
            title={title}
            aria-current={active ? 'page' : undefined}
            aria-keyshortcuts="ArrowRight Shift+F10"
            onKeyDown={handleLinkKeyDown}
            onClick={(event) => {
              event.preventDefault();
              onSelect(thread.id);
            }}
          >
            <span className="thread__title">
              {query ? <Highlighted segments={matchSegments(title, query)} /> : title}
            </span>
            {snippet && query && !snippet.startsWith(title.replace(/…$/, '')) && (
              <span className="thread__snippet">
                <Highlighted segments={snippetSegments(snippet, query)} />
              </span>
            )}
          </a>
          <ThreadActionsMenu
            chatTitle={title}
            open={menuOpen}
            onOpenChange={setMenu}
            buttonRef={menuButtonRef}
            actions={[
              { label: 'Rename', onSelect: startRenaming },
              { label: 'Share…', onSelect: () => setSharing(true) },
              ...placements,
              ...threadExportChoices.map(({ label, format }) => ({
                label,
                onSelect: () => downloadThreadExport(thread.id, format),
              })),
              { label: 'Delete', onSelect: () => onDelete(thread.id), tone: 'danger' as const },
            ]}
          />
          {sharing && (
            <ShareDialog target={{ threadId: thread.id, title }} onClose={() => setSharing(false)} />
          )}
        </>
      )}
    </li>
  );
}
