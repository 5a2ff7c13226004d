import type { MessageBranch } from '@drawbridge/protocol';
import type { MessageLink } from './message-queries.ts';

/**
 * The messages of the branch that ends at `leafId`, oldest first, read from every message's link to the one
 * before it (`links`, in insertion order). Empty when the thread has no leaf yet.
 */
export function branchOf(links: readonly MessageLink[], leafId: string | null): MessageLink[] {
  const byId = new Map(links.map((link) => [link.id, link]));
  const branch: MessageLink[] = [];
  for (let link = leafId === null ? undefined : byId.get(leafId); link !== undefined; ) {
    branch.push(link);
    link = link.parent_id === null ? undefined : byId.get(link.parent_id);
  }
  return branch.reverse();
}

/**
 * The versions a message on the shown branch has, oldest first, itself among them: the user messages that
 * follow the same message (an edit makes one), or the replies that answer the same user message (Regenerate
 * makes one). A tool message has none.
 */
export function versionsOf(links: readonly MessageLink[], message: MessageLink): MessageLink[] {
  if (message.role === 'tool') return [message];
  return links.filter((link) => link.parent_id === message.parent_id && link.role === message.role);
}

/** The replies that answer a user message, oldest first: its versions of replies. */
export function repliesTo(links: readonly MessageLink[], userMessageId: string): MessageLink[] {
  return links.filter((link) => link.parent_id === userMessageId && link.role === 'assistant');
}

/**
 * The newest message that descends from `rootId` (itself when none does): the end of the branch a user
 * left last under that message, and so the leaf to show when they switch back to it. Links are in insertion
 * order, and a message is always stored after its parent.
 */
export function newestLeafUnder(links: readonly MessageLink[], rootId: string): string {
  const inside = new Set([rootId]);
  let newest = rootId;
  for (const link of links) {
    if (link.parent_id !== null && inside.has(link.parent_id)) {
      inside.add(link.id);
      newest = link.id;
    }
  }
  return newest;
}

/** Where each message of the shown branch stands among its versions, for those that have more than one. */
export function branchesOf(links: readonly MessageLink[], leafId: string | null): Map<string, MessageBranch> {
  const branches = new Map<string, MessageBranch>();
  for (const message of branchOf(links, leafId)) {
    const versions = versionsOf(links, message);
    if (versions.length < 2) continue;
    branches.set(message.id, { index: versions.indexOf(message), count: versions.length });
  }
  return branches;
}
