import { ndjsonContentType, sseContentType } from '@drawbridge/protocol';
import { defaultEventStreamLimits, type EventStreamSink } from './event-stream-sink.ts';
import type { StreamFormat } from './negotiate-stream-format.ts';
import { createWebStreamBody } from './web-stream-body.ts';
import { type WriteEventStreamOptions, writeEventStream } from './write-event-stream.ts';

/**
 * The headers that keep every proxy and framework between us and the browser from buffering the stream.
 * No `Connection` header: HTTP/1.1 connections persist by default, and Node lets one set here override a
 * client's `Connection: close`, which kept every such socket open for the keep-alive timeout after its run.
 */
export function eventStreamHeaders(format: StreamFormat): Record<string, string> {
  return {
    'Content-Type': `${format === 'sse' ? sseContentType : ndjsonContentType}; charset=utf-8`,
    'Cache-Control': 'no-cache, no-transform',
    'X-Accel-Buffering': 'no',
  };
}

export interface EventStreamResponseOptions extends Omit<WriteEventStreamOptions, 'sink'> {
  /** Bytes the web body may queue for a reader that does not read; default 1 MiB. */
  maxBufferedBytes?: number;
}

/** Starts a response's run writing into a sink of the server's choosing; undefined once it has started. */
export type EventStreamStarter = (sink: EventStreamSink) => void;

// Keyed by the body, not the Response: Hono re-creates the Response around the same body when middleware
// adds headers after the route returned.
const startersByBody = new WeakMap<ReadableStream<Uint8Array>, EventStreamStarter>();

/**
 * Streams run events as a `Response` whose body is a web stream, started when first read. A server that can
 * write to the socket itself (see `createNodeFetch`) takes the run with `takeEventStreamStarter` instead, and
 * the web stream is never read.
 */
export function createEventStreamResponse(options: EventStreamResponseOptions): Response {
  const { maxBufferedBytes = defaultEventStreamLimits.maxBufferedBytes, ...writeOptions } = options;
  let started = false;
  const start: EventStreamStarter = (sink) => {
    if (started) return;
    started = true;
    startersByBody.delete(body);
    writeEventStream({ ...writeOptions, sink });
  };
  const body = createWebStreamBody({ start, maxBufferedBytes });
  startersByBody.set(body, start);
  return new Response(body, { status: 200, headers: eventStreamHeaders(options.format) });
}

/** The starter of an event-stream response nobody has read yet, which the caller then must start. */
export function takeEventStreamStarter(response: Response): EventStreamStarter | undefined {
  const body = response.body;
  if (body === null) return undefined;
  const start = startersByBody.get(body);
  startersByBody.delete(body);
  return start;
}
