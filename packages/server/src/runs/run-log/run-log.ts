import type { RunEvent } from '@drawbridge/protocol';
import type { RunEnding } from '../../store/store.ts';

/** One event of a run with its place in the run's log: 1 for RUN_STARTED, then one more per event. */
export interface LoggedRunEvent {
  seq: number;
  event: RunEvent;
  /** The event as JSON text, when the log has it already (it stored it): a response writes it as it is. */
  json?: string;
}

export interface FollowRunLogOptions {
  runId: string;
  /** The last seq the follower has (0: from the start). */
  after: number;
  signal: AbortSignal;
  onEvent(logged: LoggedRunEvent): void;
}

/** What a run's end stores in the transaction of its final event: its record's outcome, its reply. */
export type RunLogEnding = Omit<RunEnding, 'runId'>;

/** The one writer of a run's log: the instance that executes the run. */
export interface RunLogWriter {
  /**
   * Appends in order (`seq` = previous + 1). The final event (RUN_FINISHED or RUN_ERROR) ends the log, with
   * `ending` stored in the same transaction; what is appended after it is dropped.
   */
  append(event: RunEvent, ending?: RunLogEnding): void;
  /** True once the final event was appended. */
  readonly ended: boolean;
  /** Resolves once everything appended so far is stored and handed to every follower that can read it. */
  flushed(): Promise<void>;
}

/**
 * Every run's events, in order, readable from any sequence number by any number of followers while the run
 * goes on and for `retentionMs` after it ended. An event is stored before any follower is handed it, so what
 * a client was sent survives a crash of the server. A response is only one reader of it, so a client that
 * goes away loses nothing and a reload, a second tab or another instance re-attaches where it left off.
 */
export interface RunLog {
  /** How long an ended run stays replayable. */
  readonly retentionMs: number;
  /** Starts the log of a new run. */
  create(runId: string): RunLogWriter;
  /**
   * Ends the log of a run whose writer is gone (its instance died, and the sweep interrupted the run) with
   * `finalEvent`, unless the log already ended, and stores its reply as far as its stored events made it.
   */
  endAbandoned(run: { runId: string; threadId: string }, finalEvent: RunEvent): Promise<void>;
  /** Whether the run's log is kept (running, or ended within the retention time). */
  exists(runId: string): Promise<boolean>;
  /**
   * Hands `onEvent` the events after `after`, then each live event as it is appended, in order, without a gap
   * and without a promise per event; resolves after the final event, when `signal` aborts, or at once for a
   * log not kept. Rejects with what `onEvent` threw, and hands it nothing more.
   */
  follow(options: FollowRunLogOptions): Promise<void>;
  close(): Promise<void>;
}
