import { isFinalRunEvent, type RunEvent } from '@drawbridge/protocol';
import type { FollowRunLogOptions, LoggedRunEvent, RunLog, RunLogWriter } from './run-log.ts';

/** How long an ended run stays replayable by default: the ten minutes the API promises, and a little more. */
export const defaultRunLogRetentionMs = 15 * 60_000;

/** At most this many ended runs are kept in memory, however many end within the retention time. */
export const defaultEndedRunLogCapacity = 500;

/** A live follower: handed each append as it happens, and told once it is done. */
interface Follower {
  onEvent(logged: LoggedRunEvent): void;
  /** Resolves (no error) or rejects its `follow`, and stops listening for its abort. */
  done(error?: unknown): void;
}

interface KeptLog {
  events: LoggedRunEvent[];
  ended: boolean;
  endedAt: number;
  followers: Set<Follower>;
}

/**
 * The embedded run log: every run's events in an array in this process, each append handed to its live
 * followers in the same call, so an event reaches its responses with no promise or wake-up in between.
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
    const log: KeptLog = { events: [], ended: false, endedAt: 0, followers: new Set() };
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

  follow({ runId, after, signal, onEvent }: FollowRunLogOptions): Promise<void> {
    const log = this.#logs.get(runId);
    if (log === undefined || signal.aborted) return Promise.resolve();
    try {
      // seq n sits at index n - 1, so the first event after `after` is at index `after`.
      for (let index = Math.max(0, after); index < log.events.length; index += 1) onEvent(log.events[index]!);
    } catch (error) {
      return Promise.reject(error);
    }
    if (log.ended) return Promise.resolve();
    return new Promise<void>((resolve, reject) => {
      const follower: Follower = {
        onEvent,
        done: (error) => {
          log.followers.delete(follower);
          signal.removeEventListener('abort', onAbort);
          if (error === undefined) resolve();
          else reject(error);
        },
      };
      const onAbort = () => follower.done();
      signal.addEventListener('abort', onAbort, { once: true });
      log.followers.add(follower);
    });
  }

  async close(): Promise<void> {
    for (const log of this.#logs.values()) for (const follower of log.followers) follower.done();
    this.#logs.clear();
    this.#endedOrder.clear();
  }

  #append(runId: string, log: KeptLog, event: RunEvent): void {
    if (log.ended) return;
    const logged = { seq: log.events.length + 1, event };
    log.events.push(logged);
    if (isFinalRunEvent(event)) {
      log.ended = true;
      log.endedAt = this.#now();
      this.#endedOrder.set(runId, log.endedAt);
    }
    // A run usually has one follower (its response), handed the event without copying the set.
    if (log.followers.size === 1) {
      this.#handOn(log, log.followers.values().next().value as Follower, logged);
    } else if (log.followers.size > 1) {
      // A copy, so a follower that starts or stops inside another's `onEvent` is handed this event once or not.
      for (const follower of [...log.followers]) {
        if (log.followers.has(follower)) this.#handOn(log, follower, logged);
      }
    }
    if (log.ended) this.#forgetExpired();
  }

  #handOn(log: KeptLog, follower: Follower, logged: LoggedRunEvent): void {
    // One follower's failure is its own: the run and the other followers go on.
    try {
      follower.onEvent(logged);
    } catch (error) {
      follower.done(error);
      return;
    }
    if (log.ended) follower.done();
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
