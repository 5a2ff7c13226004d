import type { ThreadSummary } from '@drawbridge/protocol';
import type { ChatListGroup } from '@drawbridge/react';
import { useId } from 'react';
import { ThreadListItem } from './thread-list-item.tsx';

type ItemProps = Omit<Parameters<typeof ThreadListItem>[0], 'thread' | 'active'>;

/**
 * The chat list under its headings (Pinned, Today, Yesterday, …, a month): each group's list is labelled by its
 * heading, so a screen reader says "Yesterday, list, 3 items" on entering it, and its headings are there to
 * jump between.
 */
export function ThreadGroups({
  groups,
  activeThreadId,
  itemProps,
}: {
  groups: readonly ChatListGroup<ThreadSummary>[];
  activeThreadId: string | undefined;
  itemProps: ItemProps;
}) {
  const idPrefix = useId();
  return groups.map((group) => {
    const headingId = `${idPrefix}-${group.key}`;
    return (
      <div key={group.key} className="sidebar__group">
        <h2 id={headingId} className="sidebar__heading">
          {group.label}
        </h2>
        <ul className="sidebar__list" aria-labelledby={headingId}>
          {group.threads.map((thread) => (
            <ThreadListItem
              key={thread.id}
              thread={thread}
              active={thread.id === activeThreadId}
              {...itemProps}
            />
          ))}
        </ul>
      </div>
    );
  });
}
