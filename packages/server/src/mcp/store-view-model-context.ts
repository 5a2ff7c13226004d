import { type McpViewModelContext, mcpViewCarrierKey } from '@drawbridge/protocol';
import type { Store } from '../store/store.ts';

/** The stored shape under a carrier's `render.args[mcpViewCarrierKey]`. */
export interface StoredMcpViewCall {
  input: Record<string, unknown>;
  result: object;
  modelContext?: McpViewModelContext;
}

/** The view call a carrier message stores, if it is one. */
export function storedMcpViewCall(args: unknown): StoredMcpViewCall | undefined {
  if (typeof args !== 'object' || args === null) return undefined;
  const stored = (args as Record<string, unknown>)[mcpViewCarrierKey];
  return typeof stored === 'object' && stored !== null ? (stored as StoredMcpViewCall) : undefined;
}

/**
 * Keeps what a view last told the model on its call's carrier, where its input and result already are, so it
 * lives exactly as long as the view it came from (a rewind or a deleted thread takes both). Each update
 * replaces the one before; one with nothing in it clears it. `false` when the thread holds no such call.
 */
export async function storeViewModelContext({
  store,
  threadId,
  toolCallId,
  modelContext,
}: {
  store: Pick<Store, 'listMessages' | 'updateMessage'>;
  threadId: string;
  toolCallId: string;
  modelContext: McpViewModelContext;
}): Promise<boolean> {
  const messages = await store.listMessages(threadId);
  const carrier = messages.find(
    (message) =>
      message.toolCallId === toolCallId &&
      message.render !== undefined &&
      storedMcpViewCall(message.render.args) !== undefined,
  );
  if (carrier?.render === undefined) return false;
  const { input, result } = storedMcpViewCall(carrier.render.args)!;
  const isEmpty = (modelContext.content ?? []).length === 0 && modelContext.structuredContent === undefined;
  const call: StoredMcpViewCall = isEmpty ? { input, result } : { input, result, modelContext };
  await store.updateMessage(carrier.id, {
    render: { tool: carrier.render.tool, args: { [mcpViewCarrierKey]: call } },
  });
  return true;
}
