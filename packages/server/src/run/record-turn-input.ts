import type { Store } from '../store/store.ts';
import type { RunRequest } from './parse-run-request.ts';
import { storeClientToolResults } from './store-client-tool-results.ts';

/** Whether the turn's input is in the thread, or why there is no turn to run. */
export type TurnInputOutcome = { recorded: true } | { recorded: false; code: 'nothing_to_continue' };

/**
 * A retried turn whose first attempt stored nothing after the user's message (the model failed at
 * once, or the client gave up): the message is already in the thread, so it is not stored twice.
 */
async function isRetryOfUnansweredMessage(
  store: Pick<Store, 'lastMessage'>,
  threadId: string,
  userText: string,
): Promise<boolean> {
  const last = await store.lastMessage(threadId);
  return last?.role === 'user' && last.content === userText;
}

/**
 * Stores what the client sent for this turn before the run starts: the answers to its own frontend tool
 * calls, then the user's message unless the turn continues after those answers (or is a retry).
 */
export async function recordTurnInput({
  store,
  request,
  ids,
}: {
  store: Pick<Store, 'listMessages' | 'appendMessage' | 'lastMessage'>;
  request: Pick<RunRequest, 'threadId' | 'userText' | 'toolResults' | 'continuesAfterToolResults'>;
  ids: () => string;
}): Promise<TurnInputOutcome> {
  const { threadId, userText, toolResults, continuesAfterToolResults } = request;
  const toolResultsOutcome = await storeClientToolResults({ store, threadId, toolResults, ids });
  if (continuesAfterToolResults && !toolResultsOutcome.awaitsContinuation) {
    return { recorded: false, code: 'nothing_to_continue' };
  }
  if (!continuesAfterToolResults && !(await isRetryOfUnansweredMessage(store, threadId, userText))) {
    await store.appendMessage({ id: ids(), threadId, role: 'user', content: userText });
  }
  return { recorded: true };
}
