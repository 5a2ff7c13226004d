import type { ReplyDetails } from '@drawbridge/protocol';
import type { StatementRunner } from './compiled-statements.ts';
import type { MessageQueries, MessageRow } from './message-queries.ts';
import type { ReplyWrite } from './store.ts';

function detailColumns(
  details: ReplyDetails | undefined,
): Pick<
  MessageRow,
  'reply_model' | 'reply_input_tokens' | 'reply_cached_input_tokens' | 'reply_output_tokens'
> {
  return {
    reply_model: details?.model ?? null,
    reply_input_tokens: details?.inputTokens ?? null,
    reply_cached_input_tokens: details?.cachedInputTokens ?? null,
    reply_output_tokens: details?.outputTokens ?? null,
  };
}

function assistantRow({
  id,
  threadId,
  content,
  createdAt,
}: {
  id: string;
  threadId: string;
  content: string;
  createdAt: string;
}): MessageRow {
  return {
    id,
    thread_id: threadId,
    role: 'assistant',
    content,
    created_at: createdAt,
    tool_call_id: null,
    render_json: null,
    form_answers_json: null,
    attachments_json: null,
    ...detailColumns(undefined),
  };
}

/**
 * Stores a reply as far as it got on `queries` (a transaction): each segment rewritten by its id, or
 * appended when it is not stored yet (the ids are the reply's own, so the same reply stored twice, or rebuilt
 * after a crash, rewrites the same rows), then a carrier per call it ended waiting on; the details go on the
 * last message of all. The caller moves the thread's time.
 */
export async function writeReplyIn({
  queries,
  messages,
  reply,
  now,
  ids,
}: {
  queries: StatementRunner;
  messages: MessageQueries;
  reply: ReplyWrite;
  now: string;
  ids: () => string;
}): Promise<void> {
  const { threadId, segments, waitingCalls = [], details } = reply;
  for (const [index, segment] of segments.entries()) {
    const last = waitingCalls.length === 0 && index === segments.length - 1;
    const patch = {
      content: segment.content,
      ...(last && details !== undefined ? detailColumns(details) : {}),
    };
    const updated = await messages.updateMessageColumns(queries, { id: segment.id, patch });
    if (updated === undefined) {
      await messages.insertMessage(queries, {
        ...assistantRow({ id: segment.id, threadId, content: segment.content, createdAt: now }),
        ...(last ? detailColumns(details) : {}),
      });
    }
    if (segment.widget !== undefined) {
      await messages.writeWidget(queries, { messageId: segment.id, threadId, widget: segment.widget });
    }
  }
  for (const [index, call] of waitingCalls.entries()) {
    await messages.insertMessage(queries, {
      ...assistantRow({ id: ids(), threadId, content: '', createdAt: now }),
      tool_call_id: call.toolCallId,
      render_json: JSON.stringify({ tool: call.toolName, args: call.input ?? {} }),
      ...(index === waitingCalls.length - 1 ? detailColumns(details) : {}),
    });
  }
}
