import type { ThreadSearchResult } from '@drawbridge/protocol';
import { describeRunFailure, searchThreads } from '@drawbridge/react';
import { useEffect, useState } from 'react';

/** Keystrokes closer together than this are one search: the server is asked once the typing pauses. */
const searchDelayMs = 200;

/** Where a chat search stands: nothing asked, waiting for the server, its results, or why it failed. */
export type ThreadSearchState =
  | { status: 'idle' }
  | { status: 'searching'; query: string }
  | { status: 'done'; query: string; results: ThreadSearchResult[] }
  | { status: 'failed'; query: string; message: string };

/**
 * Searches chats on the server as the user types; a newer query cancels the older request, so results
 * never arrive out of order.
 */
export function useThreadSearch(query: string): ThreadSearchState {
  const trimmed = query.trim();
  const [state, setState] = useState<ThreadSearchState>({ status: 'idle' });
  useEffect(() => {
    if (trimmed === '') {
      setState({ status: 'idle' });
      return;
    }
    setState({ status: 'searching', query: trimmed });
    const controller = new AbortController();
    const timer = window.setTimeout(() => {
      searchThreads(trimmed, controller.signal).then(
        (results) => setState({ status: 'done', query: trimmed, results }),
        (error: unknown) => {
          if (!controller.signal.aborted) {
            setState({ status: 'failed', query: trimmed, message: describeRunFailure(error) });
          }
        },
      );
    }, searchDelayMs);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [trimmed]);
  return state;
}
