import { type RunEvent, runEvents } from '@drawbridge/protocol';
import type { ModelMessage } from 'ai';
import { buildModelHistory } from '../history/build-model-history.ts';
import type { Store } from '../store/store.ts';
import type { AgentTool } from '../tools/agent-tool.ts';
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
  clientAttached: boolean;
  clientState?: unknown;
  onUnofferedToolCall?: RunAgentOptions['onUnofferedToolCall'];
  ids: () => string;
  emit(event: RunEvent): void;
  abortSignal: AbortSignal;
  reportError(message: string, error: unknown): void;
}

/**
 * Runs one turn whose user message is already stored: records the run, streams the reply and, whatever
 * happens, stores the assistant message as far as it got and closes the run record.
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
  try {
    result = await runAgent({
      model: options.model,
      system: options.system,
      history,
      tools: options.tools,
      abortSignal: options.abortSignal,
      threadId,
      runId: options.runId,
      clientAttached: options.clientAttached,
      clientState: options.clientState,
      ...(options.onUnofferedToolCall ? { onUnofferedToolCall: options.onUnofferedToolCall } : {}),
      emit: options.emit,
      ids: options.ids,
    });
    return result;
  } finally {
    await persistOutcome(options, result);
  }
}

async function persistOutcome(
  options: ExecuteAgentRunOptions,
  result: AgentRunResult | undefined,
): Promise<void> {
  const { store, threadId, runRecordId } = options;
  try {
    if (result !== undefined && (result.content !== '' || result.widget !== undefined)) {
      await store.appendMessage({
        id: result.messageId,
        threadId,
        role: 'assistant',
        content: result.content,
        ...(result.widget === undefined ? {} : { widget: result.widget }),
      });
    }
    await store.finishRun(runRecordId, {
      status: result?.status ?? 'error',
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
  }
}
