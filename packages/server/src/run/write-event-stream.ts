import { encodeNdjsonEvent, encodeSseEvent, type RunEvent, runEvents } from '@drawbridge/protocol';
import type { ServerShutdown } from '../app/server-shutdown.ts';
import type { EventStreamSink } from './event-stream-sink.ts';
import type { StreamFormat } from './negotiate-stream-format.ts';

export interface WriteEventStreamOptions {
  sink: EventStreamSink;
  format: StreamFormat;
  /** A heartbeat goes out after this long without any other event. */
  heartbeatIntervalMs: number;
  now: () => number;
  /** The request's signal: fires when the client goes away. */
  requestSignal: AbortSignal;
  /** Ends the run when the server must (a shutdown's grace ran out); the run still writes its last event. */
  shutdown?: Pick<ServerShutdown, 'onEndRuns'>;
  /** Produces the run's events; must stop soon after `abortSignal` fires. */
  produce(emit: (event: RunEvent) => void, abortSignal: AbortSignal): Promise<void>;
  /** Told about a producer that rejected, which only a bug can cause: the stream still closes. */
  reportError(error: unknown): void;
}

/**
 * Runs the producer and writes its events to one response: encoded at once, coalesced per tick (every
 * event produced in one turn of the event loop leaves in one write, before the loop moves on, so nothing
 * waits for a timer), a heartbeat while idle, and one abort signal that fires when the client goes away.
 */
export function writeEventStream(options: WriteEventStreamOptions): void {
  const { sink, format, heartbeatIntervalMs, now, requestSignal, shutdown, produce, reportError } = options;
  const encode = format === 'sse' ? encodeSseEvent : encodeNdjsonEvent;
  const runAbort = new AbortController();
  const abortRun = (reason = 'The client went away.') => runAbort.abort(new Error(reason));
  let pending = '';
  let flushScheduled = false;
  let closed = false;

  const flush = () => {
    flushScheduled = false;
    if (closed || pending === '') return;
    const text = pending;
    pending = '';
    sink.write(text);
  };
  const emit = (event: RunEvent) => {
    if (closed) return;
    pending += encode(event);
    // A tick callback runs once the current callback and every promise it settled are done, so events that
    // follow one another through promises (model part → parser → events) share the write.
    if (!flushScheduled) {
      flushScheduled = true;
      process.nextTick(flush);
    }
    // Re-arming one timer per event is cheaper than creating and clearing one per event.
    heartbeat.refresh();
  };
  const heartbeat = setInterval(() => emit(runEvents.heartbeat(now())), heartbeatIntervalMs);
  const stop = () => {
    closed = true;
    clearInterval(heartbeat);
    requestSignal.removeEventListener('abort', onRequestAbort);
    stopListeningForShutdown();
  };
  sink.onClosed((reason) => {
    stop();
    abortRun(reason === 'client_too_slow' ? 'The client stopped reading.' : undefined);
  });
  const onRequestAbort = () => abortRun();
  if (requestSignal.aborted) abortRun();
  else requestSignal.addEventListener('abort', onRequestAbort, { once: true });
  // The shutdown's own reason reaches the run, which ends with a RUN_ERROR saying the server is going away.
  const stopListeningForShutdown = shutdown?.onEndRuns((reason) => runAbort.abort(reason)) ?? (() => {});

  produce(emit, runAbort.signal)
    .catch(reportError)
    .finally(() => {
      if (closed) return;
      flush();
      stop();
      sink.end();
    });
}
