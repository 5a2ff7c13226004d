import type { RunRequest } from '../runs/parse-run-request.ts';
import type { Store, StoredMessage } from '../store/store.ts';
import { storeClientToolResults } from './store-client-tool-results.ts';

/** The thread with the turn's input, or why there is no turn to run. */
export type TurnInputOutcome =
  | {
      recorded: true;
      /** The thread's messages after the turn's input was stored, oldest first: the run's history. */
      messages: StoredMessage[];
    }
  | { recorded: false; code: 'nothing_to_continue' | 'form_not_open' }
  | { recorded: false; code: 'attachment_not_found'; attachmentId: string };

/** A form's answers are taken once, for a form this thread drew: another tab or a stale page cannot send them again. */
function isOpenForm(messages: readonly StoredMessage[], toolCallId: string): boolean {
  const drawn = messages.some((message) => message.render !== undefined && message.toolCallId === toolCallId);
  const answered = messages.some((message) => message.formAnswers?.toolCallId === toolCallId);
  return drawn && !answered;
}

/**
 * A retried turn whose first attempt stored nothing after the user's message (the model failed at
 * once, or the client gave up): the message is already in the thread, so it is not stored twice.
 */
function isRetryOfUnansweredMessage(
  messages: readonly StoredMessage[],
  userText: string,
  attachmentIds: readonly string[],
): boolean {
  const last = messages.at(-1);
  const lastIds = (last?.attachments ?? []).map((attachment) => attachment.id);
  return (
    last?.role === 'user' &&
    last.content === userText &&
    lastIds.length === attachmentIds.length &&
    lastIds.every((id, index) => id === attachmentIds[index])
  );
}

/**
 * Stores what the client sent for this turn before the run starts: the answers to its own frontend tool
 * calls, then the user's message unless the turn continues after those answers (or is a retry). Reads the
 * thread once; the run that follows, started at once, takes its history from the outcome instead of reading
 * the thread again (its run record, stored first, keeps any other turn out meanwhile).
 */
export async function recordTurnInput({
  store,
  userId,
  request,
  ids,
}: {
  store: Pick<Store, 'listMessages' | 'appendMessage' | 'claimAttachments'>;
  request: Pick<
    RunRequest,
    | 'threadId'
    | 'userText'
    | 'toolResults'
    | 'continuesAfterToolResults'
    | 'formAnswers'
    | 'continuesReply'
    | 'attachmentIds'
  >;
  /** Who sends the turn: the files it carries must be theirs. */
  userId: string;
  ids: () => string;
}): Promise<TurnInputOutcome> {
  const { threadId, userText, toolResults, continuesAfterToolResults, formAnswers, attachmentIds } = request;
  const messages = await store.listMessages(threadId);
  // Continuing stores nothing: the run appends to the reply the thread ends with, and there must be one.
  if (request.continuesReply === true) {
    return messages.at(-1)?.role === 'assistant'
      ? { recorded: true, messages }
      : { recorded: false, code: 'nothing_to_continue' };
  }
  if (formAnswers !== undefined && !isOpenForm(messages, formAnswers.toolCallId)) {
    return { recorded: false, code: 'form_not_open' };
  }
  messages.push(...(await storeClientToolResults({ store, threadId, messages, toolResults, ids })));
  if (continuesAfterToolResults && messages.at(-1)?.role !== 'tool') {
    return { recorded: false, code: 'nothing_to_continue' };
  }
  if (!continuesAfterToolResults && !isRetryOfUnansweredMessage(messages, userText, attachmentIds)) {
    const claim = await store.claimAttachments({ ids: attachmentIds, userId, threadId });
    if (!claim.claimed)
      return { recorded: false, code: 'attachment_not_found', attachmentId: claim.missingId };
    messages.push(
      await store.appendMessage({
        id: ids(),
        threadId,
        role: 'user',
        content: userText,
        ...(formAnswers === undefined ? {} : { formAnswers }),
        ...(claim.attachments.length === 0 ? {} : { attachments: claim.attachments }),
      }),
    );
  }
  return { recorded: true, messages };
}
