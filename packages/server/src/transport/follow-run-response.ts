import type { RunLog } from '../runs/run-log/run-log.ts';
import { createEventStreamResponse } from './event-stream-response.ts';
import type { StreamFormat } from './negotiate-stream-format.ts';

export interface FollowRunResponseOptions {
  log: RunLog;
  runId: string;
  /** The last seq the client has; the response starts with the event after it (0: from the start). */
  after: number;
  format: StreamFormat;
  heartbeatIntervalMs: number;
  now: () => number;
  /** Fires when the client goes away; that ends this response only, never the run. */
  requestSignal: AbortSignal;
  reportError(error: unknown): void;
}

/**
 * One reader of a run's log as a streaming response: the events after `after`, then the run live until
 * its final event, each with its seq. Several of these may follow one run, on any instance.
 */
export function createFollowRunResponse(options: FollowRunResponseOptions): Response {
  const { log, runId, after, ...streamOptions } = options;
  return createEventStreamResponse({
    ...streamOptions,
    produce: (emit, abortSignal) =>
      log.follow({
        runId,
        after,
        signal: abortSignal,
        onEvent: ({ seq, event, json }) => emit(event, seq, json),
      }),
  });
}
