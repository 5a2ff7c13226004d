import type { RunEvent } from '@drawbridge/protocol';

/** One event of a run with its place in the run's log: 1 for RUN_STARTED, then one more per event. */
export interface LoggedRunEvent {
  seq: number;
  event: RunEvent;
}

export interface FollowRunLogOptions {
  runId: string;
  /** The last seq the follower has (0: from the start). */
  after: number;
  signal: AbortSignal;
  onEvent(logged: LoggedRunEvent): void;
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
  /**
   * Hands `onEvent` the events after `after`, then each live event as it is appended, in order and without a
   * promise per event; resolves after the final event, when `signal` aborts, or at once for a log not kept.
   * Rejects with what `onEvent` threw, and hands it nothing more.
   */
  follow(options: FollowRunLogOptions): Promise<void>;
  close(): Promise<void>;
}
