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

/** At most this many closed calls are remembered, however many close within the memory time. */
export const defaultClosedCallCapacity = 10_000;

/**
 * A call id is the model provider's, and providers reuse them (`call_0` in every conversation), so a
 * call is known by its thread as well; an answer names the thread it belongs to.
 */
function threadCallKey(threadId: string, toolCallId: string): string {
  return JSON.stringify([threadId, toolCallId]);
}

/** A closed call is remembered per run too: the same id may come back in the thread's next run. */
function runCallKey(call: Pick<ParkedCall, 'threadId' | 'runId' | 'toolCallId'>): string {
  return JSON.stringify([call.threadId, call.runId, call.toolCallId]);
}

/** The single-process bridge: open calls in a Map, each settled exactly once. */
export class InMemoryClientToolBridge implements ClientToolBridge {
  /** Open calls by thread and call id. */
  readonly #open = new Map<string, OpenCall>();
  /** Closed calls by thread, run and call id, oldest first, with the thread-and-call key they answer to. */
  readonly #closed = new Map<string, { threadCall: string; closedAt: number }>();
  /** How many remembered closed calls answer to each thread-and-call key. */
  readonly #closedByThreadCall = new Map<string, number>();
  /** Early answers waiting for their call to be parked, by thread and call id. */
  readonly #parkWaiters = new Map<string, Set<() => void>>();
  readonly #now: () => number;
  readonly #closedCallCapacity: number;

  constructor({
    now = Date.now,
    closedCallCapacity = defaultClosedCallCapacity,
  }: { now?: () => number; closedCallCapacity?: number } = {}) {
    this.#now = now;
    this.#closedCallCapacity = closedCallCapacity;
  }

  park(
    call: ParkedCall,
    { timeoutMs, abortSignal }: { timeoutMs: number; abortSignal: AbortSignal },
  ): Promise<ParkOutcome> {
    const key = threadCallKey(call.threadId, call.toolCallId);
    if (this.#open.has(key) || this.#closed.has(runCallKey(call))) {
      return Promise.reject(new Error(`tool call ${call.toolCallId} was parked before`));
    }
    if (abortSignal.aborted) return Promise.resolve({ kind: 'cancelled' });
    return new Promise<ParkOutcome>((resolve) => {
      const onAbort = () => settle({ kind: 'cancelled' });
      const timer = setTimeout(() => settle({ kind: 'timeout' }), timeoutMs);
      const settle = (outcome: ParkOutcome) => {
        if (this.#open.get(key)?.call !== call) return;
        clearTimeout(timer);
        abortSignal.removeEventListener('abort', onAbort);
        this.#open.delete(key);
        this.#remember(call);
        resolve(outcome);
      };
      abortSignal.addEventListener('abort', onAbort, { once: true });
      this.#open.set(key, { call, settle });
      for (const wake of [...(this.#parkWaiters.get(key) ?? [])]) wake();
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
    const key = threadCallKey(threadId, toolCallId);
    const open = this.#open.get(key);
    if (open) {
      open.settle({ kind: 'answered', result });
      return { status: 'accepted', call: open.call };
    }
    // Another thread's call is unknown here, exactly like a call that never existed.
    return this.#closedByThreadCall.has(key) ? { status: 'already_answered' } : { status: 'unknown_call' };
  }

  async answerWhenParked(
    input: { threadId: string; toolCallId: string; result: ToolResult },
    { graceMs = defaultAnswerGraceMs }: { graceMs?: number } = {},
  ): Promise<AnswerOutcome> {
    const outcome = this.answer(input);
    if (outcome.status !== 'unknown_call' || graceMs <= 0) return outcome;
    await this.#waitForPark(threadCallKey(input.threadId, input.toolCallId), graceMs);
    return this.answer(input);
  }

  openCallCount(): number {
    return this.#open.size;
  }

  #waitForPark(key: string, graceMs: number): Promise<void> {
    return new Promise((resolve) => {
      const waiters = this.#parkWaiters.get(key) ?? new Set<() => void>();
      const wake = () => {
        clearTimeout(timer);
        waiters.delete(wake);
        if (waiters.size === 0) this.#parkWaiters.delete(key);
        resolve();
      };
      const timer = setTimeout(wake, graceMs);
      waiters.add(wake);
      this.#parkWaiters.set(key, waiters);
    });
  }

  #remember(call: ParkedCall): void {
    const threadCall = threadCallKey(call.threadId, call.toolCallId);
    this.#closed.set(runCallKey(call), { threadCall, closedAt: this.#now() });
    this.#closedByThreadCall.set(threadCall, (this.#closedByThreadCall.get(threadCall) ?? 0) + 1);
    this.#forgetOldClosedCalls();
  }

  /** Forgets closed calls past their memory time, and the oldest beyond the capacity. */
  #forgetOldClosedCalls(): void {
    const cutoff = this.#now() - closedCallMemoryMs;
    // Map iteration follows insertion order, which is closing order, so the oldest come first.
    for (const [key, closed] of this.#closed) {
      if (closed.closedAt > cutoff && this.#closed.size <= this.#closedCallCapacity) break;
      this.#closed.delete(key);
      const remaining = (this.#closedByThreadCall.get(closed.threadCall) ?? 1) - 1;
      if (remaining === 0) this.#closedByThreadCall.delete(closed.threadCall);
      else this.#closedByThreadCall.set(closed.threadCall, remaining);
    }
  }
}
