import type { Store, StoredMessage } from '../store/store.ts';

/**
 * Stores the `role: 'tool'` messages of an AG-UI run input that answer this thread's client-executed calls.
 * A stock AG-UI client resends the whole transcript every run, so a result for a call that already has
 * one is a duplicate and is skipped, and one naming a call the thread never made is ignored: the thread
 * only records answers to its own questions. `messages` is the thread as the caller read it; resolves to the
 * results stored, in order.
 */
export async function storeClientToolResults({
  store,
  threadId,
  messages,
  toolResults,
  ids,
}: {
  store: Pick<Store, 'appendMessage'>;
  threadId: string;
  messages: readonly StoredMessage[];
  toolResults: readonly { toolCallId: string; content: string }[];
  ids: () => string;
}): Promise<StoredMessage[]> {
  const calledIds = new Set<string>();
  const answeredIds = new Set<string>();
  for (const message of messages) {
    if (message.toolCallId === undefined) continue;
    if (message.role === 'assistant' && message.render !== undefined) calledIds.add(message.toolCallId);
    if (message.role === 'tool') answeredIds.add(message.toolCallId);
  }
  const stored: StoredMessage[] = [];
  for (const result of toolResults) {
    if (!calledIds.has(result.toolCallId) || answeredIds.has(result.toolCallId)) continue;
    stored.push(
      await store.appendMessage({
        id: ids(),
        threadId,
        role: 'tool',
        content: result.content,
        toolCallId: result.toolCallId,
      }),
    );
    answeredIds.add(result.toolCallId);
  }
  return stored;
}
