import { storedMcpViewCall } from '../mcp/store-view-model-context.ts';
import type { StoredMessage } from '../store/store.ts';

/**
 * What the thread's MCP App views last told the model (`ui/update-model-context`), one labelled line per view
 * in transcript order, or `undefined` when none said anything. The route caps each view's context, so this
 * stays small.
 */
export function viewModelContextText(messages: readonly StoredMessage[]): string | undefined {
  const lines: string[] = [];
  for (const message of messages) {
    if (message.render === undefined) continue;
    const context = storedMcpViewCall(message.render.args)?.modelContext;
    if (context === undefined) continue;
    const parts = (context.content ?? []).map((block) => block.text);
    if (context.structuredContent !== undefined) parts.push(JSON.stringify(context.structuredContent));
    lines.push(
      `Context from the ${message.render.tool} view (call ${message.toolCallId}): ${parts.join('\n')}`,
    );
  }
  return lines.length === 0 ? undefined : lines.join('\n');
}
