import type { Interrupt } from '@ag-ui/core';
import { type RunFinishedOutcome, toolResultSchema } from '@drawbridge/protocol';
import { z } from 'zod';

/** A call the run ended on, waiting for the client. */
interface WaitingToolCall {
  toolCallId: string;
  toolName: string;
}

/** `Interrupt.reason` of a call handed to a client that answers in its next run. */
export const clientToolInterruptReason = 'client_tool_call';

/** What a client answers an interrupted call with: the same result the browser posts for a parked call. */
const interruptResponseSchema = z.toJSONSchema(toolResultSchema);

function interruptFor(call: WaitingToolCall): Interrupt {
  return {
    // One interrupt per call, so the call's id is unique within the run and names what `resume[]` answers.
    id: call.toolCallId,
    reason: clientToolInterruptReason,
    toolCallId: call.toolCallId,
    message: `Show ${call.toolName} to the user, then resume with whether it was rendered.`,
    responseSchema: interruptResponseSchema,
  };
}

/**
 * AG-UI 1.0's outcome of a run that finished: interrupted calls wait for the next run's `resume[]`,
 * frontend-tool calls for its messages (a success that names them); otherwise none, which means success.
 */
export function runFinishedOutcome({
  interrupted,
  pending,
}: {
  interrupted: readonly WaitingToolCall[];
  pending: readonly WaitingToolCall[];
}): RunFinishedOutcome | undefined {
  if (interrupted.length > 0) return { type: 'interrupt', interrupts: interrupted.map(interruptFor) };
  if (pending.length > 0)
    return { type: 'success', pendingToolCallIds: pending.map((call) => call.toolCallId) };
  return undefined;
}
