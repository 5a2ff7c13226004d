import type { IncomingMessage, ServerResponse } from 'node:http';
import { getRequestListener } from '@hono/node-server';
import { createNodeFetch } from '../transport/create-node-fetch.ts';
import { defaultEventStreamLimits, type EventStreamLimits } from '../transport/event-stream-sink.ts';
import type { Drawbridge } from './create-drawbridge.ts';

/** A `node:http` request handler, as Express and `http.createServer` take one. */
export type NodeRequestHandler = (incoming: IncomingMessage, outgoing: ServerResponse) => Promise<void>;

/**
 * `drawbridge` as a handler for Node's own HTTP server or Express, keeping the fast streaming path: a run's
 * events are written straight to the `ServerResponse` (no web stream between the run and the socket), flushed
 * as they happen, and a client that stops reading is dropped once it holds `streamLimits` behind. Mount it where
 * `basePath` says: `app.use('/ai', toNodeHandler(drawbridge))` in Express (before any body parser: it reads the
 * body itself), or call it from `http.createServer` for the requests under `basePath`.
 */
export function toNodeHandler(
  drawbridge: Drawbridge,
  { streamLimits }: { streamLimits?: Partial<EventStreamLimits> } = {},
): NodeRequestHandler {
  const listener = getRequestListener(
    createNodeFetch({
      fetch: (request, bindings) => drawbridge.fetch(request, bindings as Parameters<Drawbridge['fetch']>[1]),
      limits: { ...defaultEventStreamLimits, ...streamLimits },
    }),
    // The host's own `Request` and `Response` stay as they are.
    { overrideGlobalObjects: false },
  );
  return (incoming, outgoing) => {
    // An Express mount (`app.use('/ai', …)`) cuts its path off `url` and keeps the whole one in `originalUrl`.
    const originalUrl = (incoming as IncomingMessage & { originalUrl?: string }).originalUrl;
    if (originalUrl !== undefined) incoming.url = originalUrl;
    return listener(incoming, outgoing);
  };
}
