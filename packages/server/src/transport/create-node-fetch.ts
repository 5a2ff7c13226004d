import { type OutgoingHttpHeaders, ServerResponse } from 'node:http';
import type { Http2Bindings, HttpBindings } from '@hono/node-server';
import { RESPONSE_ALREADY_SENT } from '@hono/node-server/utils/response';
import { takeEventStreamStarter } from './event-stream-response.ts';
import type { EventStreamLimits } from './event-stream-sink.ts';
import { createNodeResponseSink } from './node-response-sink.ts';
import { processWriteBatch } from './write-batch.ts';

type Fetch = (request: Request, bindings: HttpBindings | Http2Bindings) => Response | Promise<Response>;

// Only these responses can be run streams; reading `body` of any other would cost every response a copy.
const eventStreamContentType = /^(application\/x-ndjson|text\/event-stream)/;

function nodeHeaders(headers: Headers): OutgoingHttpHeaders {
  const record: OutgoingHttpHeaders = {};
  for (const [name, value] of headers) if (name !== 'set-cookie') record[name] = value;
  const cookies = headers.getSetCookie();
  if (cookies.length > 0) record['set-cookie'] = cookies;
  return record;
}

/**
 * The app's fetch for `@hono/node-server`, with run streams written straight to Node's `ServerResponse`
 * once the whole middleware chain has produced the response (so its headers are the ones sent): no web
 * stream between the run and the socket, and a cap on what a client that does not read can hold.
 */
export function createNodeFetch({ fetch, limits }: { fetch: Fetch; limits: EventStreamLimits }): Fetch {
  return async (request, bindings) => {
    const response = await fetch(request, bindings);
    const { outgoing } = bindings;
    // HTTP/2 streams keep the web body: the adapter handles them and they need no chunked framing.
    if (!(outgoing instanceof ServerResponse)) return response;
    if (!eventStreamContentType.test(response.headers.get('content-type') ?? '')) return response;
    const start = takeEventStreamStarter(response);
    if (start === undefined) return response;
    outgoing.writeHead(response.status, nodeHeaders(response.headers));
    const sink = createNodeResponseSink({ outgoing, ...limits });
    start(sink);
    // The headers leave with the first events, which a starting run has usually emitted by the end of this
    // turn; if none came, alone then, so a client sees the stream open before the first event exists.
    // Added after `start`, this flush comes after the stream's own in the batch.
    processWriteBatch.add(() => sink.flushHeadersIfUnwritten());
    return RESPONSE_ALREADY_SENT;
  };
}
