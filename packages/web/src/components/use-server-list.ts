import { useCallback, useEffect, useState } from 'react';
import { errorMessage } from './error-message.ts';

/**
 * A list the server holds (the user's links, their API tokens), loaded on mount, and the changes made to it:
 * `change(action)` marks the list busy, runs the action, then loads the list again; a failure of either is
 * `problem`, for the user to read. `load` must keep its identity (a module function, or `useCallback`).
 */
export function useServerList<Item>(load: () => Promise<Item[]>): {
  /** `undefined` until the first load answers. */
  items: Item[] | undefined;
  problem: string | undefined;
  busy: boolean;
  change(action: () => Promise<unknown>): void;
} {
  const [items, setItems] = useState<Item[] | undefined>();
  const [problem, setProblem] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const reload = useCallback(
    () => load().then(setItems, (error: unknown) => setProblem(errorMessage(error))),
    [load],
  );
  useEffect(() => void reload(), [reload]);
  const change = (action: () => Promise<unknown>) => {
    setBusy(true);
    setProblem(undefined);
    action()
      .then(reload, (error: unknown) => setProblem(errorMessage(error)))
      .finally(() => setBusy(false));
  };
  return { items, problem, busy, change };
}
