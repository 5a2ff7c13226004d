import { encodeNdjsonEvent, encodeSseEvent, type RunEvent, runEvents } from '@drawbridge/protocol';
import type { EventStreamSink } from './event-stream-sink.ts';
import type { StreamFormat } from './negotiate-stream-format.ts';
import { processWriteBatch, type WriteBatch } from './write-batch.ts';

export interface WriteEventStreamOptions {
  sink: EventStreamSink;
  format: StreamFormat;
  /** A heartbeat goes out once the stream has been silent this long at most (and half of it at least). */
  heartbeatIntervalMs: number;
  now: () => number;
  /** The request's signal: fires when the client goes away. */
  requestSignal: AbortSignal;
  /**
   * Produces the events (with their run-log `seq`, written as SSE `id:` or the NDJSON `seq` field, and their
   * JSON text when the log has it); must stop soon after `abortSignal` fires.
   */
  produce(
    emit: (event: RunEvent, seq?: number, json?: string) => void,
    abortSignal: AbortSignal,
  ): Promise<void>;
  /** Told about a producer that rejected, or a sink that threw, which only a bug can cause: the stream still closes. */
  reportError(error: unknown): void;
  /** Gathers this stream's writes with other streams'; default the process's own. */
  writeBatch?: WriteBatch;
}

/**
 * Runs the producer and writes its events to one response: encoded at once, coalesced per turn of the event
 * loop (every event produced in one turn leaves in one write, with the other streams' writes of that turn,
 * so nothing waits for a timer), a heartbeat while idle, and one abort signal that fires when the client goes
 * away.
 */
export function writeEventStream(options: WriteEventStreamOptions): void {
  const { sink, format, heartbeatIntervalMs, now, requestSignal, produce, reportError } = options;
  const writeBatch = options.writeBatch ?? processWriteBatch;
  const encode = format === 'sse' ? encodeSseEvent : encodeNdjsonEvent;
  const runAbort = new AbortController();
  const abortRun = (reason = 'The client went away.') => runAbort.abort(new Error(reason));
  let pending = '';
  // Heartbeat ticks since the last event.
  let quietTicks = 0;
  let flushScheduled = false;
  let closed = false;

  // The batch flushes other streams after this one: a sink's failure ends only its own stream.
  const sinkFailed = (error: unknown) => {
    reportError(error);
    stop();
    abortRun('The response could not be written.');
  };
  const flush = () => {
    flushScheduled = false;
    if (closed || pending === '') return;
    const text = pending;
    pending = '';
    try {
      sink.write(text);
    } catch (error) {
      sinkFailed(error);
    }
  };
  const emit = (event: RunEvent, seq?: number, json?: string) => {
    if (closed) return;
    pending += encode(event, seq, json);
    // The batch flushes once the current callback and every promise it settled are done, so events that
    // follow one another through promises (model part → parser → events) share the write.
    if (!flushScheduled) {
      flushScheduled = true;
      writeBatch.add(flush);
    }
    quietTicks = 0;
  };
  // Heartbeats are this connection's, not the run's: they carry no seq and are not in the log.
  // The timer ticks at half the interval and is never re-armed: re-arming it on every event moved it within a
  // list shared with every other stream's timers, touching theirs too. Two quiet ticks in a row make a
  // heartbeat, so one goes out after half to all of the interval of silence.
  const heartbeat = setInterval(
    () => {
      quietTicks += 1;
      if (quietTicks >= 2) emit(runEvents.heartbeat(now()));
    },
    Math.max(1, heartbeatIntervalMs / 2),
  );
  const stop = () => {
    closed = true;
    clearInterval(heartbeat);
    requestSignal.removeEventListener('abort', onRequestAbort);
  };
  sink.onClosed((reason) => {
    stop();
    abortRun(reason === 'client_too_slow' ? 'The client stopped reading.' : undefined);
  });
  const onRequestAbort = () => abortRun();
  if (requestSignal.aborted) abortRun();
  else requestSignal.addEventListener('abort', onRequestAbort, { once: true });

  produce(emit, runAbort.signal)
    .catch(reportError)
    .finally(() => {
      if (closed) return;
      // Written and ended in the same tick, which Node sends as one write with the chunked terminator.
      flush();
      stop();
      try {
        sink.end();
      } catch (error) {
        sinkFailed(error);
      }
    });
}
