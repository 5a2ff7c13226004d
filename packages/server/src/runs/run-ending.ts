import { type ReplyDetails, replySegments } from '@drawbridge/protocol';
import type { AgentRunResult } from '../agent/run-agent.ts';
import type { RunOutcome } from '../store/store.ts';
import type { RunLogEnding } from './run-log/run-log.ts';
import { describeRunStop } from './run-stop.ts';

/** The run record's outcome: the result's status and tokens, or why the run stopped. */
function outcomeOf(result: AgentRunResult | undefined, abortSignal: AbortSignal): RunOutcome {
  const stop = result?.status === 'aborted' ? describeRunStop(abortSignal.reason) : undefined;
  const error =
    result === undefined
      ? 'The run ended without a result.'
      : (result.error ?? (stop?.status === 'cancelled' ? undefined : stop?.message));
  return {
    status: result === undefined ? 'error' : (stop?.status ?? (result.status as 'finished' | 'error')),
    ...(result?.inputTokens === undefined ? {} : { inputTokens: result.inputTokens }),
    ...(result?.cachedInputTokens === undefined ? {} : { cachedInputTokens: result.cachedInputTokens }),
    ...(result?.outputTokens === undefined ? {} : { outputTokens: result.outputTokens }),
    ...(error === undefined ? {} : { error }),
  };
}

/**
 * What a run's end stores with its final event, whatever the ending (finished, error, aborted): the run
 * record's outcome, and the reply as far as it got — its segments, then a carrier for each call it ended
 * waiting on (a client-executed or interrupted call, which the client answers in its next run), the model and
 * token counts on the last. `details` are those counts when there is a stored message to carry them, for the
 * client to be told (`drawbridge.reply`).
 */
export function runEndingOf({
  threadId,
  modelId,
  result,
  abortSignal,
}: {
  threadId: string;
  modelId: string;
  /** How the agent's turn ended; undefined when it threw before it could say. */
  result: AgentRunResult | undefined;
  /** The run's abort signal, whose reason says why an aborted run stopped. */
  abortSignal: AbortSignal;
}): { ending: RunLogEnding; details?: ReplyDetails } {
  const outcome = outcomeOf(result, abortSignal);
  if (result === undefined) return { ending: { outcome } };
  const segments = replySegments(result.reply);
  const waitingCalls = [...result.pendingToolCalls, ...result.interruptedToolCalls];
  const stored = segments.length > 0 || waitingCalls.length > 0;
  const details: ReplyDetails = {
    model: modelId,
    inputTokens: result.inputTokens ?? null,
    ...(result.cachedInputTokens === undefined ? {} : { cachedInputTokens: result.cachedInputTokens }),
    outputTokens: result.outputTokens ?? null,
  };
  return {
    ending: { outcome, reply: { threadId, segments, waitingCalls, ...(stored ? { details } : {}) } },
    ...(stored ? { details } : {}),
  };
}
