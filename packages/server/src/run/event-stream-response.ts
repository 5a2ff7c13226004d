import {
  encodeNdjsonEvent,
  encodeSseEvent,
  ndjsonContentType,
  type RunEvent,
  runEvents,
  sseContentType,
} from '@drawbridge/protocol';
import type { StreamFormat } from './negotiate-stream-format.ts';

/** The headers that keep every proxy and framework between us and the browser from buffering the stream. */
export function eventStreamHeaders(format: StreamFormat): Record<string, string> {
  return {
    'Content-Type': `${format === 'sse' ? sseContentType : ndjsonContentType}; charset=utf-8`,
    'Cache-Control': 'no-cache, no-transform',
    'X-Accel-Buffering': 'no',
    Connection: 'keep-alive',
  };
}

export interface EventStreamResponseOptions {
  format: StreamFormat;
  /** A heartbeat goes out after this long without any other event. */
  heartbeatIntervalMs: number;
  now: () => number;
  /** The request's signal: fires when the client goes away. */
  requestSignal: AbortSignal;
  /** Produces the run's events; must stop soon after `abortSignal` fires. */
  produce(emit: (event: RunEvent) => void, abortSignal: AbortSignal): Promise<void>;
  /** Told about a producer that rejected, which only a bug can cause: the stream still closes. */
  reportError(error: unknown): void;
}

/**
 * Streams run events as a `Response`: one enqueue (one socket write) per event, a heartbeat while idle,
 * and one abort signal that fires when the client disconnects or cancels the body.
 */
export function createEventStreamResponse(options: EventStreamResponseOptions): Response {
  const { format, heartbeatIntervalMs, now, requestSignal, produce, reportError } = options;
  const encode = format === 'sse' ? encodeSseEvent : encodeNdjsonEvent;
  const textEncoder = new TextEncoder();
  const runAbort = new AbortController();
  const abortRun = () => runAbort.abort(new Error('The client went away.'));
  let heartbeat: NodeJS.Timeout | undefined;
  let closed = false;

  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      const write = (event: RunEvent) => {
        if (closed) return;
        controller.enqueue(textEncoder.encode(encode(event)));
        // Re-arming one timer per write is cheaper than creating and clearing one per event.
        heartbeat?.refresh();
      };
      const close = () => {
        if (closed) return;
        closed = true;
        clearTimeout(heartbeat);
        requestSignal.removeEventListener('abort', abortRun);
        try {
          controller.close();
        } catch {
          // Already closed because the client cancelled the body; nothing is left to flush.
        }
      };
      const sendHeartbeat = () => {
        if (closed) return;
        write(runEvents.heartbeat(now()));
      };
      heartbeat = setInterval(sendHeartbeat, heartbeatIntervalMs);
      if (requestSignal.aborted) abortRun();
      else requestSignal.addEventListener('abort', abortRun, { once: true });

      produce(write, runAbort.signal).catch(reportError).finally(close);
    },
    cancel() {
      closed = true;
      clearTimeout(heartbeat);
      abortRun();
    },
  });

  return new Response(body, { status: 200, headers: eventStreamHeaders(format) });
}
