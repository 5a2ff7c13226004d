import type { RunEvent } from '@drawbridge/protocol';

/** One event of a run with its place in the run's log: 1 for RUN_STARTED, then one more per event. */
export interface LoggedRunEvent {
  seq: number;
  event: RunEvent;
}

/** The one writer of a run's log: the instance that executes the run. */
export interface RunLogWriter {
  /**
   * Appends in order (`seq` = previous + 1). The final event (RUN_FINISHED or RUN_ERROR) ends the log; what
   * is appended after it is dropped.
   */
  append(event: RunEvent): void;
  /** True once the final event was appended. */
  readonly ended: boolean;
  /** Resolves once everything appended so far is in the log where any follower can read it. */
  flushed(): Promise<void>;
}

/**
 * Every run's events, in order, readable from any sequence number by any number of followers while the run
 * goes on and for `retentionMs` after it ended. A response is only one reader of it, so a client that goes
 * away loses nothing and a reload, a second tab or another instance re-attaches where it left off.
 */
export interface RunLog {
  /** How long an ended run stays replayable. */
  readonly retentionMs: number;
  /** Starts the log of a new run. */
  create(runId: string): RunLogWriter;
  /**
   * Ends the log of a run whose writer is gone (its instance died, and the sweep interrupted the run) with
   * `finalEvent`, unless the log already ended or is not kept at all.
   */
  endAbandoned(runId: string, finalEvent: RunEvent): Promise<void>;
  /** Whether the run's log is kept (running, or ended within the retention time). */
  exists(runId: string): Promise<boolean>;
  /** Yields the events after `after`, then follows the run live; returns after the final event or on abort. */
  follow(options: { runId: string; after: number; signal: AbortSignal }): AsyncIterable<LoggedRunEvent>;
  close(): Promise<void>;
}
