import type { Store } from '../store/store.ts';
import type { RunRequest } from './parse-run-request.ts';
import { storeClientToolResults } from './store-client-tool-results.ts';

/** Whether the turn's input is in the thread, or why there is no turn to run. */
export type TurnInputOutcome =
  | { recorded: true }
  | { recorded: false; code: 'nothing_to_continue' | 'form_not_open' };

/** A form's answers are taken once, for a form this thread drew: another tab or a stale page cannot send them again. */
async function isOpenForm(
  store: Pick<Store, 'listMessages'>,
  threadId: string,
  toolCallId: string,
): Promise<boolean> {
  const messages = await store.listMessages(threadId);
  const drawn = messages.some((message) => message.render !== undefined && message.toolCallId === toolCallId);
  const answered = messages.some((message) => message.formAnswers?.toolCallId === toolCallId);
  return drawn && !answered;
}

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
  request: Pick<
    RunRequest,
    'threadId' | 'userText' | 'toolResults' | 'continuesAfterToolResults' | 'formAnswers'
  >;
  ids: () => string;
}): Promise<TurnInputOutcome> {
  const { threadId, userText, toolResults, continuesAfterToolResults, formAnswers } = request;
  if (formAnswers !== undefined && !(await isOpenForm(store, threadId, formAnswers.toolCallId))) {
    return { recorded: false, code: 'form_not_open' };
  }
  const toolResultsOutcome = await storeClientToolResults({ store, threadId, toolResults, ids });
  if (continuesAfterToolResults && !toolResultsOutcome.awaitsContinuation) {
    return { recorded: false, code: 'nothing_to_continue' };
  }
  if (!continuesAfterToolResults && !(await isRetryOfUnansweredMessage(store, threadId, userText))) {
    await store.appendMessage({
      id: ids(),
      threadId,
      role: 'user',
      content: userText,
      ...(formAnswers === undefined ? {} : { formAnswers }),
    });
  }
  return { recorded: true };
}
