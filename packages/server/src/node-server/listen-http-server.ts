import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createAdaptorServer } from '@hono/node-server';
import { answerClientError } from '../http/answer-client-error.ts';
import { createNodeFetch } from '../transport/create-node-fetch.ts';
import { defaultEventStreamLimits, type EventStreamLimits } from '../transport/event-stream-sink.ts';
import { connectionsCheckingIntervalMs } from './connection-limits.ts';
import { listenBacklog } from './listen-backlog.ts';

function urlFor(host: string, port: number): string {
  return host.includes(':') ? `http://[${host}]:${port}` : `http://${host}:${port}`;
}

/**
 * Serves `fetch` on Node's HTTP server with the run streams on the fast path, bounded slow clients and a
 * connection cap; resolves once it listens (rejects for a port in use), with the URL it answers at.
 */
export async function listenHttpServer({
  fetch,
  port,
  host,
  headersTimeoutMs,
  requestTimeoutMs,
  maxConnections,
  streamLimits,
}: {
  fetch: Parameters<typeof createNodeFetch>[0]['fetch'];
  port: number;
  host: string;
  headersTimeoutMs: number;
  requestTimeoutMs: number;
  maxConnections: number;
  streamLimits: Partial<EventStreamLimits> | undefined;
}): Promise<{ server: Server; url: string }> {
  const server = await new Promise<Server>((resolve, reject) => {
    const serverOptions = {
      headersTimeout: headersTimeoutMs,
      requestTimeout: requestTimeoutMs,
      connectionsCheckingInterval: connectionsCheckingIntervalMs,
    };
    const nodeFetch = createNodeFetch({ fetch, limits: { ...defaultEventStreamLimits, ...streamLimits } });
    const started = createAdaptorServer({ fetch: nodeFetch, serverOptions }) as Server;
    started.once('error', reject);
    started.listen({ port, host, backlog: listenBacklog }, () => resolve(started));
  });
  server.on('clientError', answerClientError);
  server.maxConnections = maxConnections;
  return { server, url: urlFor(host, (server.address() as AddressInfo).port) };
}
