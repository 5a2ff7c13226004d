import { useRef } from 'react';

/**
 * The list given the first time, for as long as later renders give a list with the same items in the same
 * order: a prop written inline (`trustedLinkHosts={['docs.example.com']}`) is a new array on every render, and
 * a memo that depends on it would be rebuilt each time, re-rendering everything that reads it.
 */
export function useSameList<Item>(list: readonly Item[]): readonly Item[] {
  const kept = useRef(list);
  const same =
    kept.current.length === list.length && kept.current.every((item, index) => Object.is(item, list[index]));
  if (!same) kept.current = list;
  return kept.current;
}
