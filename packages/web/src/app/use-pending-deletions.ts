import { useCallback, useEffect, useRef, useState } from 'react';

/** A chat the user deleted that is hidden now and deleted on the server once the undo window passes. */
export interface PendingDeletion {
  threadId: string;
  title: string;
}

/** How long Undo is offered before the deletion reaches the server. */
export const undoWindowMs = 6_000;

/**
 * Deletion with undo instead of a confirmation dialog: `schedule` hides a chat at once and deletes it
 * after the undo window; `undo` brings it back. A page that closes meanwhile deletes what was pending,
 * as the user asked.
 */
export function usePendingDeletions({
  commit,
  delayMs = undoWindowMs,
}: {
  commit(threadId: string): Promise<void> | void;
  delayMs?: number;
}): {
  pending: readonly PendingDeletion[];
  schedule(deletion: PendingDeletion): void;
  undo(threadId: string): void;
} {
  const [pending, setPending] = useState<readonly PendingDeletion[]>([]);
  const timers = useRef(new Map<string, ReturnType<typeof setTimeout>>());
  const commitRef = useRef(commit);
  commitRef.current = commit;

  const settle = useCallback((threadId: string) => {
    const timer = timers.current.get(threadId);
    if (timer === undefined) return;
    clearTimeout(timer);
    timers.current.delete(threadId);
    setPending((current) => current.filter((deletion) => deletion.threadId !== threadId));
    void commitRef.current(threadId);
  }, []);

  const schedule = useCallback(
    (deletion: PendingDeletion) => {
      if (timers.current.has(deletion.threadId)) return;
      timers.current.set(
        deletion.threadId,
        setTimeout(() => settle(deletion.threadId), delayMs),
      );
      setPending((current) => [...current, deletion]);
    },
    [delayMs, settle],
  );

  const undo = useCallback((threadId: string) => {
    const timer = timers.current.get(threadId);
    if (timer === undefined) return;
    clearTimeout(timer);
    timers.current.delete(threadId);
    setPending((current) => current.filter((deletion) => deletion.threadId !== threadId));
  }, []);

  useEffect(() => {
    const settleAll = () => {
      for (const threadId of [...timers.current.keys()]) settle(threadId);
    };
    window.addEventListener('pagehide', settleAll);
    return () => {
      window.removeEventListener('pagehide', settleAll);
      settleAll();
    };
  }, [settle]);

  return { pending, schedule, undo };
}
