import { EventType, type ReplyDetails, type RunEvent, runEvents } from '@drawbridge/protocol';
import { type AgentModel, type AgentRunResult, type RunAgentOptions, runAgent } from '../agent/run-agent.ts';
import { editableWidgetsOf } from '../assembly/editable-widgets.ts';
import { GrowingMessageWriter } from '../assembly/growing-message-writer.ts';
import { buildModelHistory } from '../history/build-model-history.ts';
import type { Store, StoredMessage } from '../store/store.ts';
import type { AgentTool, ToolContext } from '../tools/agent-tool.ts';
import { describeRunStop } from './run-stop.ts';

export interface ExecuteAgentRunOptions {
  store: Store;
  model: AgentModel;
  system: string;
  tools: readonly AgentTool[];
  threadId: string;
  /** The AG-UI run id the client chose; echoed in RUN_STARTED/RUN_FINISHED. */
  runId: string;
  /**
   * The id of the run record, already `running` in the store (server-chosen, so a client cannot collide with
   * another run); this function closes it.
   */
  runRecordId: string;
  /** The thread's messages, this turn's input included, oldest first: what the model's history is built from. */
  messages: readonly StoredMessage[];
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
  /** How often the growing reply is stored; default once a second. */
  messageWriteIntervalMs?: number;
}

/**
 * Runs one turn whose user message and run record are already stored: streams the reply and, whatever
 * happens, stores the assistant message as far as it got and closes the run record. The message is stored
 * as it grows (about once a second) and in segments cut at tool calls (each segment as soon as the call
 * begins), so the thread holds prose, the call's carrier and the follow-up prose in the order they happened,
 * and a crash keeps what the user saw.
 */
export async function executeAgentRun(options: ExecuteAgentRunOptions): Promise<AgentRunResult | undefined> {
  const { store, threadId } = options;
  const writer = new GrowingMessageWriter({
    store,
    threadId,
    reportError: options.reportError,
    ...(options.messageWriteIntervalMs === undefined ? {} : { intervalMs: options.messageWriteIntervalMs }),
  });
  let result: AgentRunResult | undefined;
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
      history: buildModelHistory(options.messages),
      tools: options.tools,
      abortSignal: options.abortSignal,
      threadId,
      runId: options.runId,
      owner: options.owner,
      runRecordId: options.runRecordId,
      clientAttached: options.clientAttached,
      // An HTTP run's client can always answer in its next run (AG-UI 1.0 `resume[]`).
      interruptible: true,
      clientState: options.clientState,
      ...(options.clientExecutedToolNames
        ? { clientExecutedToolNames: options.clientExecutedToolNames }
        : {}),
      onSegment: (segment) => writer.store(segment),
      onMessageGrowth: (read) => writer.grew(read),
      ...(options.onUnofferedToolCall ? { onUnofferedToolCall: options.onUnofferedToolCall } : {}),
      emit,
      ids: options.ids,
      editableWidgets: editableWidgetsOf(options.messages),
    });
    return result;
  } finally {
    const details = await persistOutcome(options, writer, result);
    if (details !== undefined && result !== undefined) {
      options.emit(runEvents.reply({ messageId: result.eventMessageId, ...details }));
    }
    for (const event of finalEvents) options.emit(event);
  }
}

async function persistOutcome(
  options: ExecuteAgentRunOptions,
  writer: GrowingMessageWriter,
  result: AgentRunResult | undefined,
): Promise<ReplyDetails | undefined> {
  const { store, threadId, runRecordId } = options;
  let details: ReplyDetails | undefined;
  writer.stop();
  await writer.settled();
  try {
    if (result !== undefined) {
      let lastMessageId = writer.lastAppendedId;
      // A client-executed or interrupted call is stored like a render carrier (the call's name and arguments
      // under its id), so the client's answer in the next run finds it and the model sees the call with it.
      for (const call of [...result.pendingToolCalls, ...result.interruptedToolCalls]) {
        lastMessageId = options.ids();
        await store.appendMessage({
          id: lastMessageId,
          threadId,
          role: 'assistant',
          content: '',
          toolCallId: call.toolCallId,
          render: { tool: call.toolName, args: call.input ?? {} },
        });
      }
      // The reply's model and token counts go on its last stored message: with the final segment in the
      // same write when that segment is stored, else on the message stored before it.
      const reply: ReplyDetails = {
        model: options.model.id,
        inputTokens: result.inputTokens ?? null,
        outputTokens: result.outputTokens ?? null,
      };
      await writer.store(result, { reply });
      if (writer.hasStored(result.messageId)) details = reply;
      else if (lastMessageId !== undefined) {
        await store.updateMessage(lastMessageId, { reply });
        details = reply;
      }
    }
    const stop = result?.status === 'aborted' ? describeRunStop(options.abortSignal.reason) : undefined;
    const error =
      result === undefined
        ? 'The run ended without a result.'
        : (result.error ?? (stop?.status === 'cancelled' ? undefined : stop?.message));
    await store.finishRun(runRecordId, {
      status: result === undefined ? 'error' : (stop?.status ?? (result.status as 'finished' | 'error')),
      ...(result?.inputTokens === undefined ? {} : { inputTokens: result.inputTokens }),
      ...(result?.outputTokens === undefined ? {} : { outputTokens: result.outputTokens }),
      ...(error === undefined ? {} : { error }),
    });
  } catch (error) {
    // The thread may have been deleted while the run streamed; the client already has the events, so the
    // failure to store them is reported, not thrown into a stream that is closing.
    options.reportError(`could not store the outcome of run ${runRecordId} in thread ${threadId}`, error);
    return undefined;
  }
  return details;
}
