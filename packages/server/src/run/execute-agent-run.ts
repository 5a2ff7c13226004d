import { EventType, type ReplyDetails, type RunEvent, runEvents } from '@drawbridge/protocol';
import type { ModelMessage } from 'ai';
import { buildModelHistory } from '../history/build-model-history.ts';
import type { Store } from '../store/store.ts';
import type { AgentTool, ToolContext } from '../tools/agent-tool.ts';
import type { AssembledAssistantMessage } from './assistant-message-assembler.ts';
import { type AgentModel, type AgentRunResult, type RunAgentOptions, runAgent } from './run-agent.ts';

export interface ExecuteAgentRunOptions {
  store: Store;
  model: AgentModel;
  system: string;
  tools: readonly AgentTool[];
  threadId: string;
  /** The AG-UI run id the client chose; echoed in RUN_STARTED/RUN_FINISHED. */
  runId: string;
  /** The id of the run record in the store (server-chosen, so a client cannot collide with another run). */
  runRecordId: string;
  /** Who the run acts for. */
  owner: ToolContext['owner'];
  clientAttached: boolean;
  clientState?: unknown;
  clientExecutedToolNames?: ReadonlySet<string>;
  onUnofferedToolCall?: RunAgentOptions['onUnofferedToolCall'];
  ids: () => string;
  emit(event: RunEvent): void;
  abortSignal: AbortSignal;
  reportError(message: string, error: unknown): void;
}

/**
 * Runs one turn whose user message is already stored: records the run, streams the reply and, whatever
 * happens, stores the assistant message as far as it got and closes the run record. The message is stored
 * in segments cut at tool calls (each segment as soon as the call begins), so the thread holds prose, the
 * call's carrier and the follow-up prose in the order they happened.
 */
export async function executeAgentRun(options: ExecuteAgentRunOptions): Promise<AgentRunResult | undefined> {
  const { store, threadId, runRecordId } = options;
  let history: ModelMessage[];
  try {
    await store.startRun({ id: runRecordId, threadId, model: options.model.id });
    history = buildModelHistory(await store.listMessages(threadId));
  } catch (error) {
    // Typically the thread was deleted between the request's check and now; the client still gets a closed run.
    options.reportError(`could not start run ${runRecordId} in thread ${threadId}`, error);
    options.emit(runEvents.runStarted({ threadId, runId: options.runId }));
    options.emit(
      runEvents.runError({ message: 'The conversation could not be loaded.', code: 'storage_error' }),
    );
    return undefined;
  }
  let result: AgentRunResult | undefined;
  const stored: StoredReply = { lastMessageId: undefined };
  // The run's last event waits until its outcome is stored: a client that starts the next run on
  // RUN_FINISHED (or reloads) must find this one ended and its reply complete, not still running.
  const finalEvents: RunEvent[] = [];
  const emit = (event: RunEvent) => {
    if (event.type === EventType.RUN_FINISHED || event.type === EventType.RUN_ERROR) finalEvents.push(event);
    else options.emit(event);
  };
  try {
    result = await runAgent({
      model: options.model,
      system: options.system,
      history,
      tools: options.tools,
      abortSignal: options.abortSignal,
      threadId,
      runId: options.runId,
      owner: options.owner,
      clientAttached: options.clientAttached,
      // An HTTP run's client can always answer in its next run (AG-UI 1.0 `resume[]`).
      interruptible: true,
      clientState: options.clientState,
      ...(options.clientExecutedToolNames
        ? { clientExecutedToolNames: options.clientExecutedToolNames }
        : {}),
      onSegment: (segment) => storeSegment(options, stored, segment),
      ...(options.onUnofferedToolCall ? { onUnofferedToolCall: options.onUnofferedToolCall } : {}),
      emit,
      ids: options.ids,
    });
    return result;
  } finally {
    const details = await persistOutcome(options, stored, result);
    if (details !== undefined && result !== undefined) {
      options.emit(runEvents.reply({ messageId: result.eventMessageId, ...details }));
    }
    for (const event of finalEvents) options.emit(event);
  }
}

/** What this run stored of its reply so far: the id of its newest assistant message. */
interface StoredReply {
  lastMessageId: string | undefined;
}

async function storeSegment(
  options: ExecuteAgentRunOptions,
  stored: StoredReply,
  segment: AssembledAssistantMessage,
): Promise<void> {
  try {
    await appendSegment(options, stored, segment);
  } catch (error) {
    // Same reason as in persistOutcome: the thread may be gone, and the live stream must go on regardless.
    options.reportError(`could not store a message segment of run ${options.runRecordId}`, error);
  }
}

async function appendSegment(
  options: ExecuteAgentRunOptions,
  stored: StoredReply,
  segment: AssembledAssistantMessage,
): Promise<void> {
  if (segment.content === '' && segment.widget === undefined) return;
  stored.lastMessageId = segment.messageId;
  await options.store.appendMessage({
    id: segment.messageId,
    threadId: options.threadId,
    role: 'assistant',
    content: segment.content,
    ...(segment.widget === undefined ? {} : { widget: segment.widget }),
  });
}

/**
 * Stores the rest of the reply, its model and token counts (on its last stored message) and the run's end.
 * Returns the reply's details when they were stored, for the event that tells the client.
 */
async function persistOutcome(
  options: ExecuteAgentRunOptions,
  stored: StoredReply,
  result: AgentRunResult | undefined,
): Promise<ReplyDetails | undefined> {
  const { store, threadId, runRecordId } = options;
  let details: ReplyDetails | undefined;
  try {
    if (result !== undefined) {
      // A client-executed or interrupted call is stored like a render carrier (the call's name and arguments
      // under its id), so the client's answer in the next run finds it and the model sees the call with it.
      for (const call of [...result.pendingToolCalls, ...result.interruptedToolCalls]) {
        const carrierId = options.ids();
        stored.lastMessageId = carrierId;
        await store.appendMessage({
          id: carrierId,
          threadId,
          role: 'assistant',
          content: '',
          toolCallId: call.toolCallId,
          render: { tool: call.toolName, args: call.input ?? {} },
        });
      }
      await appendSegment(options, stored, result);
      if (stored.lastMessageId !== undefined) {
        details = {
          model: options.model.id,
          inputTokens: result.inputTokens ?? null,
          outputTokens: result.outputTokens ?? null,
        };
        await store.updateMessage(stored.lastMessageId, { reply: details });
      }
    }
    await store.finishRun(runRecordId, {
      // A stopped stream is what the run record calls a cancelled run.
      status: result === undefined ? 'error' : result.status === 'aborted' ? 'cancelled' : result.status,
      ...(result?.inputTokens === undefined ? {} : { inputTokens: result.inputTokens }),
      ...(result?.outputTokens === undefined ? {} : { outputTokens: result.outputTokens }),
      ...(result === undefined
        ? { error: 'The run ended without a result.' }
        : result.error === undefined
          ? {}
          : { error: result.error }),
    });
  } catch (error) {
    // The thread may have been deleted while the run streamed; the client already has the events, so the
    // failure to store them is reported, not thrown into a stream that is closing.
    options.reportError(`could not store the outcome of run ${runRecordId} in thread ${threadId}`, error);
    return undefined;
  }
  return details;
}
