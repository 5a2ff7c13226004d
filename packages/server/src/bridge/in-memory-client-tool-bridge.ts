import type { ToolResult } from '@drawbridge/protocol';
import type { AnswerOutcome, ClientToolBridge, ParkedCall, ParkOutcome } from './client-tool-bridge.ts';

interface OpenCall {
  call: ParkedCall;
  settle(outcome: ParkOutcome): void;
}

/** How long an answer may wait for its call to be parked (a few milliseconds is the usual gap). */
export const defaultAnswerGraceMs = 3_000;

/** How long a closed call is remembered, so a late or repeated answer is told "already answered". */
const closedCallMemoryMs = 10 * 60_000;

/** The single-process bridge: open calls in a Map, each settled exactly once. */
export class InMemoryClientToolBridge implements ClientToolBridge {
  readonly #open = new Map<string, OpenCall>();
  readonly #closed = new Map<string, { threadId: string; closedAt: number }>();
  /** Early answers waiting for their call to be parked, by call id. */
  readonly #parkWaiters = new Map<string, Set<() => void>>();
  readonly #now: () => number;

  constructor({ now = Date.now }: { now?: () => number } = {}) {
    this.#now = now;
  }

  park(
    call: ParkedCall,
    { timeoutMs, abortSignal }: { timeoutMs: number; abortSignal: AbortSignal },
  ): Promise<ParkOutcome> {
    if (this.#open.has(call.toolCallId) || this.#closed.has(call.toolCallId)) {
      return Promise.reject(new Error(`tool call ${call.toolCallId} was parked before`));
    }
    if (abortSignal.aborted) return Promise.resolve({ kind: 'cancelled' });
    return new Promise<ParkOutcome>((resolve) => {
      const onAbort = () => settle({ kind: 'cancelled' });
      const timer = setTimeout(() => settle({ kind: 'timeout' }), timeoutMs);
      const settle = (outcome: ParkOutcome) => {
        if (!this.#open.has(call.toolCallId)) return;
        clearTimeout(timer);
        abortSignal.removeEventListener('abort', onAbort);
        this.#open.delete(call.toolCallId);
        this.#remember(call);
        resolve(outcome);
      };
      abortSignal.addEventListener('abort', onAbort, { once: true });
      this.#open.set(call.toolCallId, { call, settle });
      for (const wake of [...(this.#parkWaiters.get(call.toolCallId) ?? [])]) wake();
    });
  }

  answer({
    threadId,
    toolCallId,
    result,
  }: {
    threadId: string;
    toolCallId: string;
    result: ToolResult;
  }): AnswerOutcome {
    this.#forgetOldClosedCalls();
    const open = this.#open.get(toolCallId);
    if (open) {
      if (open.call.threadId !== threadId) return { status: 'wrong_thread' };
      open.settle({ kind: 'answered', result });
      return { status: 'accepted', call: open.call };
    }
    const closed = this.#closed.get(toolCallId);
    if (!closed) return { status: 'unknown_call' };
    return closed.threadId === threadId ? { status: 'already_answered' } : { status: 'wrong_thread' };
  }

  async answerWhenParked(
    input: { threadId: string; toolCallId: string; result: ToolResult },
    { graceMs = defaultAnswerGraceMs }: { graceMs?: number } = {},
  ): Promise<AnswerOutcome> {
    const outcome = this.answer(input);
    if (outcome.status !== 'unknown_call' || graceMs <= 0) return outcome;
    await this.#waitForPark(input.toolCallId, graceMs);
    return this.answer(input);
  }

  openCallCount(): number {
    return this.#open.size;
  }

  #waitForPark(toolCallId: string, graceMs: number): Promise<void> {
    return new Promise((resolve) => {
      const waiters = this.#parkWaiters.get(toolCallId) ?? new Set<() => void>();
      const wake = () => {
        clearTimeout(timer);
        waiters.delete(wake);
        if (waiters.size === 0) this.#parkWaiters.delete(toolCallId);
        resolve();
      };
      const timer = setTimeout(wake, graceMs);
      waiters.add(wake);
      this.#parkWaiters.set(toolCallId, waiters);
    });
  }

  #remember(call: ParkedCall): void {
    this.#closed.set(call.toolCallId, { threadId: call.threadId, closedAt: this.#now() });
  }

  #forgetOldClosedCalls(): void {
    const cutoff = this.#now() - closedCallMemoryMs;
    // Map iteration follows insertion order, which is closing order, so the oldest come first.
    for (const [toolCallId, closed] of this.#closed) {
      if (closed.closedAt > cutoff) break;
      this.#closed.delete(toolCallId);
    }
  }
}
