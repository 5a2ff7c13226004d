/** The limits every governed call is checked against. */
export interface CallLimitsOptions {
  /** Tool calls one run may make in total. */
  callsPerRun: number;
  /** Tool calls one thread may make within `windowMs`. */
  callsPerThreadWindow: number;
  windowMs: number;
}

export const defaultCallLimits: CallLimitsOptions = {
  callsPerRun: 12,
  callsPerThreadWindow: 60,
  windowMs: 60_000,
};

/** Either the call fits, or a sentence that tells the model (and the audit log) which limit tripped. */
export type LimitVerdict = { ok: true } | { ok: false; reason: string };

/**
 * Counts calls per run and per thread (sliding window). A call that is refused does not count, so a
 * model that hits the limit is not punished twice.
 */
export class CallLimits {
  readonly #options: CallLimitsOptions;
  readonly #callsByRun = new Map<string, number>();
  readonly #callTimesByThread = new Map<string, number[]>();

  constructor(options: CallLimitsOptions = defaultCallLimits) {
    this.#options = options;
  }

  /** Checks the call and, when it fits, counts it. */
  admit({ runId, threadId, now }: { runId: string; threadId: string; now: number }): LimitVerdict {
    const runCalls = this.#callsByRun.get(runId) ?? 0;
    if (runCalls >= this.#options.callsPerRun) {
      return {
        ok: false,
        reason: `limit_exceeded: this run already made ${runCalls} tool calls (the budget is ${this.#options.callsPerRun} per run)`,
      };
    }
    const windowStart = now - this.#options.windowMs;
    const recent = (this.#callTimesByThread.get(threadId) ?? []).filter((time) => time > windowStart);
    if (recent.length >= this.#options.callsPerThreadWindow) {
      const seconds = Math.round(this.#options.windowMs / 1000);
      return {
        ok: false,
        reason: `limit_exceeded: this thread made ${recent.length} tool calls in the last ${seconds} s (the limit is ${this.#options.callsPerThreadWindow})`,
      };
    }
    recent.push(now);
    // Re-inserting keeps the map ordered by each thread's latest call, so the sweep below stops at the
    // first thread still inside its window: a map that grew with every thread ever seen is bounded by
    // the threads active within one window.
    this.#callTimesByThread.delete(threadId);
    this.#callTimesByThread.set(threadId, recent);
    this.#forgetQuietThreads(windowStart);
    this.#callsByRun.set(runId, runCalls + 1);
    return { ok: true };
  }

  /** How many threads' call times are held (for tests and the memory bound). */
  get trackedThreadCount(): number {
    return this.#callTimesByThread.size;
  }

  #forgetQuietThreads(windowStart: number): void {
    for (const [threadId, times] of this.#callTimesByThread) {
      if ((times.at(-1) ?? Number.NEGATIVE_INFINITY) > windowStart) return;
      this.#callTimesByThread.delete(threadId);
    }
  }

  /** Forgets a finished run's budget. */
  endRun(runId: string): void {
    this.#callsByRun.delete(runId);
  }
}
