import { isDrawbridgeEvent, type RunEvent } from '@drawbridge/protocol';
import { ApiError } from '../api/api-error.ts';
import type { SequencedRunEvent } from './agent-run-transport.ts';

/** Where a followed run stands: its server id once known, and the last event taken in. */
export interface RunPosition {
  runId: string | undefined;
  lastSeq: number;
}

export interface FollowRunEventsOptions {
  /** The first connection: the response that started the run, or a follow from `position.lastSeq`. */
  open(signal: AbortSignal): AsyncIterable<SequencedRunEvent>;
  /** A later connection, resuming after the last event taken in. */
  resume(input: { runId: string; after: number; signal: AbortSignal }): AsyncIterable<SequencedRunEvent>;
  /** Updated as events arrive; its `runId` and `lastSeq` are what a resume asks for. */
  position: RunPosition;
  /** Stops following for good (Stop's last resort, a page going away). */
  signal: AbortSignal;
  onEvent(event: RunEvent): void;
  /**
   * Waits before reconnect attempt `attempt` (1, 2, …): the backoff, and until the browser is online again.
   * Resolves early, or rejects, when `signal` aborts.
   */
  waitToReconnect(input: { attempt: number; signal: AbortSignal }): Promise<void>;
  /**
   * Calls `drop` when the connection is known to be gone before the socket says so (the browser went
   * offline), so the wait for a reconnect starts at once; returns how to stop watching.
   */
  watchConnection?(drop: () => void): () => void;
  /** Reconnect attempts in a row without an event in between before giving up; default 10. */
  maxAttempts?: number;
}

/** A connection that failed for a reason another attempt cannot fix: the server refused it. */
function isRefusal(error: unknown): boolean {
  return ApiError.isInstance(error);
}

function isFinalEvent(event: RunEvent): boolean {
  return event.type === 'RUN_FINISHED' || event.type === 'RUN_ERROR';
}

/**
 * Follows one run's events to its final event across dropped connections: a connection that ends or fails
 * before the run's final event is followed by another after a backoff, resuming after the last event taken
 * in, so nothing is missed and nothing is taken twice (an event at or before `lastSeq` is skipped). An event
 * whose seq skips one is never taken: the connection ends there and the run is read again after the last
 * event taken in — at once the first time, after the backoff when it keeps happening — so a reply never ends
 * short of what the server stored. The run's server id comes from its `drawbridge.run` event. Resolves once
 * the final event was handed on;
 * rejects when the run cannot be followed (refused by the server, no run id to resume by, out of attempts)
 * or when `signal` aborts.
 */
export async function followRunEvents(options: FollowRunEventsOptions): Promise<void> {
  const { position, signal } = options;
  const maxAttempts = options.maxAttempts ?? 10;
  let attempt = 0;
  let first = true;
  for (;;) {
    const connection = new AbortController();
    const stopConnection = () => connection.abort();
    signal.addEventListener('abort', stopConnection, { once: true });
    const unwatch = options.watchConnection?.(stopConnection);
    let failure: unknown;
    // The connection skipped a seq: what it skipped would be missing for good, and a final event after it
    // would end the reply short.
    let gap = false;
    try {
      const events =
        first || position.runId === undefined
          ? options.open(connection.signal)
          : options.resume({ runId: position.runId, after: position.lastSeq, signal: connection.signal });
      first = false;
      for await (const { seq, event } of events) {
        if (seq !== undefined) {
          if (seq <= position.lastSeq) continue;
          if (seq > position.lastSeq + 1) {
            gap = true;
            break;
          }
          position.lastSeq = seq;
        }
        attempt = 0;
        if (isDrawbridgeEvent(event, 'drawbridge.run')) position.runId = event.value.runId;
        options.onEvent(event);
        if (isFinalEvent(event)) return;
      }
    } catch (error) {
      failure = error;
    } finally {
      unwatch?.();
      signal.removeEventListener('abort', stopConnection);
      // Left early (a gap): the connection goes with the loop.
      connection.abort();
    }
    signal.throwIfAborted();
    if (isRefusal(failure)) throw failure;
    if (position.runId === undefined) {
      throw failure ?? new Error('The connection closed before the run began.');
    }
    attempt += 1;
    if (attempt > maxAttempts) {
      throw failure ?? new Error('The connection to the run kept closing.');
    }
    // A gap is read again at once; only one that keeps coming waits its turn, as a dropped connection does.
    if (gap && attempt === 1) continue;
    await options.waitToReconnect({ attempt, signal });
    signal.throwIfAborted();
  }
}
