import { mcpViewCarrierKey } from '@drawbridge/protocol';
import type { Store } from '../store/store.ts';
import type { McpToolResultRecord } from './mcp-servers.ts';

/**
 * Stores a model's call of a tool with a view as a carrier message (like a typed render tool's): the view
 * reads its input and full result from it live, and a reloaded thread draws the view again from it. The
 * carrier is empty text, so the model's history never quotes it.
 */
export async function storeMcpViewCall({
  store,
  record,
}: {
  store: Pick<Store, 'appendMessage'>;
  record: McpToolResultRecord;
}): Promise<void> {
  if (record.tool.resourceUri === undefined) return;
  await store.appendMessage({
    id: crypto.randomUUID(),
    threadId: record.context.threadId,
    role: 'assistant',
    content: '',
    toolCallId: record.context.toolCallId,
    render: {
      tool: record.tool.name,
      args: { [mcpViewCarrierKey]: { input: record.input, result: record.result } },
    },
  });
}
