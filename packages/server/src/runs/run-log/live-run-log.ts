import type { FollowRunLogOptions, LoggedRunEvent } from './run-log.ts';

/** The stored events of a run after `after`, validated, in order (a live log's way back to what it lost). */
export type ReadStoredRunEvents = (input: { runId: string; after: number }) => Promise<LoggedRunEvent[]>;

/** Hands a run's stored events on to the live log's followers, in order. */
export interface LiveRunLogWriter {
  append(logged: LoggedRunEvent): void;
  /** Resolves once everything appended so far can be read by every follower. */
  flushed(): Promise<void>;
}

/**
 * How a run's events reach the followers that wait for them, once they are stored: in this process
 * (`InProcessRunLog`), or across instances (`RedisRunLog`). Not a store: an ended run's events are read from
 * the store (`DurableRunLog`), so a live log holds a run only while it runs.
 */
export interface LiveRunLog {
  /** Starts handing on the events of a new run, from seq 1. */
  create(runId: string): LiveRunLogWriter;
  /** Tells the followers of a run whose writer is gone its final event, which the sweep stored. */
  endAbandoned(runId: string, logged: LoggedRunEvent): Promise<void>;
  /**
   * Follows a run this log holds, as `RunLog.follow`; `'untracked'` at once when it holds none by that id (the
   * run ended, or never ran), for the caller to read the store instead.
   */
  follow(
    options: FollowRunLogOptions & { readStored: ReadStoredRunEvents },
  ): Promise<'followed' | 'untracked'>;
  close(): Promise<void>;
}
