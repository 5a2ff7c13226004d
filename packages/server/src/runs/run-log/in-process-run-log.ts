import { isFinalRunEvent } from '@drawbridge/protocol';
import type { LiveRunLog, LiveRunLogWriter } from './live-run-log.ts';
import type { FollowRunLogOptions, LoggedRunEvent } from './run-log.ts';

/** How long an ended run stays replayable by default: the ten minutes the API promises, and a little more. */
export const defaultRunLogRetentionMs = 15 * 60_000;

/** A live follower: handed each append as it happens, and told once it is done. */
interface Follower {
  onEvent(logged: LoggedRunEvent): void;
  /** Resolves (no error) or rejects its `follow`, and stops listening for its abort. */
  done(error?: unknown): void;
}

interface KeptLog {
  events: LoggedRunEvent[];
  followers: Set<Follower>;
}

/**
 * The embedded live log: the events of every running run in an array in this process, each append handed to
 * its followers in the same call, so an event reaches its responses with no promise or wake-up in between.
 * A run is forgotten as soon as its final event is handed on: an ended run is read from the store, so a
 * thousand finished runs keep nothing here.
 */
export class InProcessRunLog implements LiveRunLog {
  readonly #logs = new Map<string, KeptLog>();

  create(runId: string): LiveRunLogWriter {
    if (this.#logs.has(runId)) throw new Error(`run ${runId} already has a log`);
    const log: KeptLog = { events: [], followers: new Set() };
    this.#logs.set(runId, log);
    return {
      append: (logged) => this.#append(runId, log, logged),
      flushed: async () => {},
    };
  }

  async endAbandoned(runId: string, logged: LoggedRunEvent): Promise<void> {
    const log = this.#logs.get(runId);
    if (log !== undefined) this.#append(runId, log, logged);
  }

  /** Whether a run is running here (its events are held). */
  holds(runId: string): boolean {
    return this.#logs.has(runId);
  }

  follow({ runId, after, signal, onEvent }: FollowRunLogOptions): Promise<'followed' | 'untracked'> {
    const log = this.#logs.get(runId);
    if (log === undefined) return Promise.resolve('untracked');
    if (signal.aborted) return Promise.resolve('followed');
    try {
      // The events start at seq 1, so the first after `after` sits at index `after`.
      for (let index = Math.max(0, after); index < log.events.length; index += 1) onEvent(log.events[index]!);
    } catch (error) {
      return Promise.reject(error);
    }
    return new Promise((resolve, reject) => {
      const follower: Follower = {
        onEvent,
        done: (error) => {
          log.followers.delete(follower);
          signal.removeEventListener('abort', onAbort);
          if (error === undefined) resolve('followed');
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
  }

  #append(runId: string, log: KeptLog, logged: LoggedRunEvent): void {
    if (this.#logs.get(runId) !== log) return;
    log.events.push(logged);
    const final = isFinalRunEvent(logged.event);
    // Forgotten before it is handed on: a follower that starts inside an `onEvent` reads the store instead.
    if (final) this.#logs.delete(runId);
    // A run usually has one follower (its response), handed the event without copying the set.
    if (log.followers.size === 1) {
      this.#handOn(final, log.followers.values().next().value as Follower, logged);
    } else if (log.followers.size > 1) {
      // A copy, so a follower that starts or stops inside another's `onEvent` is handed this event once or not.
      for (const follower of [...log.followers]) {
        if (log.followers.has(follower)) this.#handOn(final, follower, logged);
      }
    }
  }

  #handOn(final: boolean, follower: Follower, logged: LoggedRunEvent): void {
    // One follower's failure is its own: the run and the other followers go on.
    try {
      follower.onEvent(logged);
    } catch (error) {
      follower.done(error);
      return;
    }
    if (final) follower.done();
  }
}
