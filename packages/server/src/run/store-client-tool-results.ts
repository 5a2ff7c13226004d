import type { Store, StoredMessage } from '../store/store.ts';

/** What became of the tool messages a client sent with its run input. */
export interface ClientToolResultsOutcome {
  /** Results stored now, answering calls this thread made and had not seen answered. */
  accepted: number;
  /** Old results the client re-sent, and results for calls this thread never made. */
  ignored: number;
  /** The thread ends with a tool result, so the model has something to continue from. */
  awaitsContinuation: boolean;
}

/**
 * Stores the `role: 'tool'` messages of an AG-UI run input that answer this thread's client-executed calls.
 * A stock AG-UI client resends the whole transcript every run, so a result for a call that already has
 * one is a duplicate and is skipped, and one naming a call the thread never made is ignored: the thread
 * only records answers to its own questions.
 */
export async function storeClientToolResults({
  store,
  threadId,
  toolResults,
  ids,
}: {
  store: Pick<Store, 'listMessages' | 'appendMessage'>;
  threadId: string;
  toolResults: readonly { toolCallId: string; content: string }[];
  ids: () => string;
}): Promise<ClientToolResultsOutcome> {
  const messages = await store.listMessages(threadId);
  const calledIds = new Set<string>();
  const answeredIds = new Set<string>();
  for (const message of messages) {
    if (message.toolCallId === undefined) continue;
    if (message.role === 'assistant' && message.render !== undefined) calledIds.add(message.toolCallId);
    if (message.role === 'tool') answeredIds.add(message.toolCallId);
  }
  let accepted = 0;
  let last: StoredMessage | undefined = messages.at(-1);
  for (const result of toolResults) {
    if (!calledIds.has(result.toolCallId) || answeredIds.has(result.toolCallId)) continue;
    last = await store.appendMessage({
      id: ids(),
      threadId,
      role: 'tool',
      content: result.content,
      toolCallId: result.toolCallId,
    });
    answeredIds.add(result.toolCallId);
    accepted += 1;
  }
  return { accepted, ignored: toolResults.length - accepted, awaitsContinuation: last?.role === 'tool' };
}
