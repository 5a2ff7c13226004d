import { isFinalRunEvent, type RunEvent } from '@drawbridge/protocol';
import type { LoggedRunEvent, RunLog, RunLogWriter } from './run-log.ts';

/** How long an ended run stays replayable by default: the ten minutes the API promises, and a little more. */
export const defaultRunLogRetentionMs = 15 * 60_000;

/** At most this many ended runs are kept in memory, however many end within the retention time. */
export const defaultEndedRunLogCapacity = 500;

interface KeptLog {
  events: LoggedRunEvent[];
  ended: boolean;
  endedAt: number;
  /** Followers waiting for the next event: each one's resolver, taken out once it is called. */
  waiters: Set<() => void>;
}

/**
 * The embedded run log: every run's events in an array in this process, followers woken on each append.
 * Ended runs are forgotten after the retention time, and the oldest beyond the capacity first.
 */
export class InProcessRunLog implements RunLog {
  readonly retentionMs: number;
  readonly #logs = new Map<string, KeptLog>();
  /** Ended runs, oldest end first (Map order is insertion order). */
  readonly #endedOrder = new Map<string, number>();
  readonly #endedCapacity: number;
  readonly #now: () => number;

  constructor({
    retentionMs = defaultRunLogRetentionMs,
    endedCapacity = defaultEndedRunLogCapacity,
    now = Date.now,
  }: { retentionMs?: number; endedCapacity?: number; now?: () => number } = {}) {
    this.retentionMs = retentionMs;
    this.#endedCapacity = endedCapacity;
    this.#now = now;
  }

  create(runId: string): RunLogWriter {
    this.#forgetExpired();
    if (this.#logs.has(runId)) throw new Error(`run ${runId} already has a log`);
    const log: KeptLog = { events: [], ended: false, endedAt: 0, waiters: new Set() };
    this.#logs.set(runId, log);
    return {
      append: (event) => this.#append(runId, log, event),
      get ended() {
        return log.ended;
      },
      flushed: async () => {},
    };
  }

  async endAbandoned(runId: string, finalEvent: RunEvent): Promise<void> {
    const log = this.#logs.get(runId);
    if (log !== undefined) this.#append(runId, log, finalEvent);
  }

  async exists(runId: string): Promise<boolean> {
    this.#forgetExpired();
    return this.#logs.has(runId);
  }

  async *follow({
    runId,
    after,
    signal,
  }: {
    runId: string;
    after: number;
    signal: AbortSignal;
  }): AsyncGenerator<LoggedRunEvent> {
    const log = this.#logs.get(runId);
    if (log === undefined) return;
    // One abort listener for the whole follow, not one per wait: a follower waits once per event, and adding
    // and removing a listener each time cost more than the wait itself.
    let wake: (() => void) | undefined;
    const onAbort = () => wake?.();
    signal.addEventListener('abort', onAbort, { once: true });
    try {
      // seq n sits at index n - 1, so the first event after `after` is at index `after`.
      let index = Math.max(0, after);
      while (!signal.aborted) {
        while (index < log.events.length) {
          yield log.events[index]!;
          index += 1;
          if (signal.aborted) return;
        }
        if (log.ended) return;
        await new Promise<void>((resolve) => {
          wake = resolve;
          log.waiters.add(resolve);
        });
      }
    } finally {
      signal.removeEventListener('abort', onAbort);
      // Woken by the abort rather than an append: the resolver would otherwise stay until the next append.
      if (wake !== undefined) log.waiters.delete(wake);
    }
  }

  async close(): Promise<void> {
    for (const log of this.#logs.values()) InProcessRunLog.#wakeFollowers(log);
    this.#logs.clear();
    this.#endedOrder.clear();
  }

  #append(runId: string, log: KeptLog, event: RunEvent): void {
    if (log.ended) return;
    log.events.push({ seq: log.events.length + 1, event });
    if (isFinalRunEvent(event)) {
      log.ended = true;
      log.endedAt = this.#now();
      this.#endedOrder.set(runId, log.endedAt);
    }
    InProcessRunLog.#wakeFollowers(log);
    if (log.ended) this.#forgetExpired();
  }

  /** Resolves every waiting follower once; each resumes later, in a microtask, and waits anew if it must. */
  static #wakeFollowers(log: KeptLog): void {
    for (const wake of log.waiters) wake();
    log.waiters.clear();
  }

  #forgetExpired(): void {
    const cutoff = this.#now() - this.retentionMs;
    for (const [runId, endedAt] of this.#endedOrder) {
      if (endedAt > cutoff && this.#endedOrder.size <= this.#endedCapacity) break;
      this.#endedOrder.delete(runId);
      this.#logs.delete(runId);
    }
  }
}
