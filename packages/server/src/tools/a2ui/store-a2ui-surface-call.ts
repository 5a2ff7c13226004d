import { sendA2uiToolName } from '@drawbridge/protocol';
import type { Store } from '../../store/store.ts';
import type { DisplayedA2uiSurface } from './send-a2ui-json-tool.ts';

/**
 * Keeps a drawn A2UI surface in its thread: the call as a carrier message (empty text, as a typed render tool's),
 * from which a reload draws the surface again, and its result, so the model's next turn sees what it showed.
 */
export async function storeA2uiSurfaceCall({
  store,
  surface,
  ids = () => crypto.randomUUID(),
}: {
  store: Pick<Store, 'appendMessage'>;
  surface: DisplayedA2uiSurface;
  ids?: () => string;
}): Promise<void> {
  const { context, args, result } = surface;
  await store.appendMessage({
    id: ids(),
    threadId: context.threadId,
    role: 'assistant',
    content: '',
    toolCallId: context.toolCallId,
    render: { tool: sendA2uiToolName, args },
  });
  await store.appendMessage({
    id: ids(),
    threadId: context.threadId,
    role: 'tool',
    content: result,
    toolCallId: context.toolCallId,
  });
}
