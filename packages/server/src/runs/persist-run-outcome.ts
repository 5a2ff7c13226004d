import { type ReplyDetails, replySegments } from '@drawbridge/protocol';
import type { AgentRunResult } from '../agent/run-agent.ts';
import type { GrowingMessageWriter } from '../assembly/growing-message-writer.ts';
import type { Store } from '../store/store.ts';
import { describeRunStop } from './run-stop.ts';

export interface PersistRunOutcomeOptions {
  store: Store;
  threadId: string;
  /** The run record, `running` until this closes it. */
  runRecordId: string;
  /** The model's id, stored with the reply's token counts. */
  modelId: string;
  /** The writer that stored the reply as it grew; stopped and drained here. */
  writer: GrowingMessageWriter;
  /** How the agent's turn ended; undefined when it threw before it could say. */
  result: AgentRunResult | undefined;
  /** The run's abort signal, whose reason says why an aborted run stopped. */
  abortSignal: AbortSignal;
  ids: () => string;
  reportError(message: string, error: unknown): void;
}

/**
 * Stores the calls a client answers in its next run as carriers (the call's name and arguments under its id),
 * after the reply, so the client's answer finds them and the model sees the call with it; `reply` goes on
 * the last one.
 */
async function storeWaitingCalls(
  { store, threadId, ids }: PersistRunOutcomeOptions,
  calls: AgentRunResult['pendingToolCalls'],
  reply: ReplyDetails,
): Promise<void> {
  for (const [index, call] of calls.entries()) {
    await store.appendMessage({
      id: ids(),
      threadId,
      role: 'assistant',
      content: '',
      toolCallId: call.toolCallId,
      render: { tool: call.toolName, args: call.input ?? {} },
      ...(index === calls.length - 1 ? { reply } : {}),
    });
  }
}

/**
 * Stores the reply as far as it got and the calls it ended waiting on, with the model and token counts on
 * the last message stored; returns them when there was one to put them on.
 */
async function storeReply(
  options: PersistRunOutcomeOptions,
  result: AgentRunResult,
): Promise<ReplyDetails | undefined> {
  const { writer } = options;
  const reply: ReplyDetails = {
    model: options.modelId,
    inputTokens: result.inputTokens ?? null,
    outputTokens: result.outputTokens ?? null,
  };
  const waitingCalls = [...result.pendingToolCalls, ...result.interruptedToolCalls];
  await writer.store(result.reply, waitingCalls.length === 0 ? { reply } : {});
  await storeWaitingCalls(options, waitingCalls, reply);
  return waitingCalls.length > 0 || replySegments(result.reply).length > 0 ? reply : undefined;
}

/** Closes the run record with the status, error and token counts the result (or the stop reason) gives. */
async function finishRunRecord({
  store,
  runRecordId,
  result,
  abortSignal,
}: PersistRunOutcomeOptions): Promise<void> {
  const stop = result?.status === 'aborted' ? describeRunStop(abortSignal.reason) : undefined;
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
}

/**
 * Whatever happened, stores the assistant message as far as it got and closes the run record. Returns the
 * reply's details when they were stored (the client is told them), undefined otherwise. Never rejects: a
 * failure to store (the thread deleted while the run streamed) is reported, not thrown into a closing stream.
 */
export async function persistRunOutcome(
  options: PersistRunOutcomeOptions,
): Promise<ReplyDetails | undefined> {
  const { writer, result, runRecordId, threadId } = options;
  writer.stop();
  await writer.settled();
  try {
    const details = result === undefined ? undefined : await storeReply(options, result);
    await finishRunRecord(options);
    return details;
  } catch (error) {
    options.reportError(`could not store the outcome of run ${runRecordId} in thread ${threadId}`, error);
    return undefined;
  }
}
