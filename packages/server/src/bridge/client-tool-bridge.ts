import type { ToolResult } from '@drawbridge/protocol';

/** A tool call waiting for the browser. */
export interface ParkedCall {
  threadId: string;
  runId: string;
  toolCallId: string;
  toolName: string;
  args: unknown;
}

/** How a park ended: the browser answered, the timeout passed, or the run was cancelled. */
export type ParkOutcome =
  | { kind: 'answered'; result: ToolResult }
  | { kind: 'timeout' }
  | { kind: 'cancelled' };

/**
 * What happened to a posted answer; only `accepted` changed anything. Calls are known by thread and
 * call id (providers reuse call ids across conversations), so another thread's call is `unknown_call`.
 */
export type AnswerOutcome =
  | { status: 'accepted'; call: ParkedCall }
  | { status: 'unknown_call' }
  | { status: 'already_answered' };

/**
 * The rendezvous between a tool call that waits mid-run and the browser that answers it. Tools see only
 * `park`, the HTTP route only `answerWhenParked`: the Redis one (for several server instances, where the
 * answer may reach another instance than the parked call) replaces the in-memory one without touching either.
 */
export interface ClientToolBridge {
  park(call: ParkedCall, options: { timeoutMs: number; abortSignal: AbortSignal }): Promise<ParkOutcome>;
  /**
   * Answers an open call of the thread, once. An answer for a call not parked yet waits up to `graceMs`
   * for it: the browser sees a call as soon as the model has streamed it, while the tool parks it only when
   * the SDK executes it; with several calls in one step the answer can win that race.
   */
  answerWhenParked(
    input: { threadId: string; toolCallId: string; result: ToolResult },
    options?: { graceMs?: number },
  ): Promise<AnswerOutcome>;
  /** Calls still waiting, for heartbeats and the dashboard. */
  openCallCount(): number;
}
