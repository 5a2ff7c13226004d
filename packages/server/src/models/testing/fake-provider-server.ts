import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request a fake provider received, body parsed as JSON when it is JSON. */
export interface RecordedProviderRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: unknown;
}

/** A loopback server that speaks one provider's streaming wire format. */
export interface FakeProviderServer {
  /** The URL to hand the provider as its base URL (ends in `/v1`). */
  baseUrl: string;
  requests: RecordedProviderRequest[];
  close(): Promise<void>;
}

/** One server-sent event; `event` is the optional `event:` line some providers send. */
export interface FakeServerSentEvent {
  event?: string;
  data: string;
}

/**
 * Starts a server on 127.0.0.1, port 0, that answers POST `path` with the given SSE events and
 * anything else with 404, recording every request.
 */
export async function startFakeProviderServer({
  path,
  respond,
}: {
  path: string;
  respond: (request: RecordedProviderRequest) => FakeServerSentEvent[];
}): Promise<FakeProviderServer> {
  const requests: RecordedProviderRequest[] = [];
  const server = createServer(async (incoming, outgoing) => {
    const chunks: Buffer[] = [];
    for await (const chunk of incoming) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    const request: RecordedProviderRequest = {
      method: incoming.method ?? '',
      path: incoming.url ?? '',
      headers: incoming.headers,
      body: parseJsonOrText(text),
    };
    requests.push(request);
    if (request.method !== 'POST' || request.path !== path) {
      outgoing.writeHead(404, { 'content-type': 'application/json' });
      outgoing.end(JSON.stringify({ error: { message: `no route for ${request.method} ${request.path}` } }));
      return;
    }
    outgoing.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    for (const { event, data } of respond(request)) {
      outgoing.write(`${event ? `event: ${event}\n` : ''}data: ${data}\n\n`);
    }
    outgoing.end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

/** Cuts a reply into word-sized deltas, the way providers stream text. */
export function splitIntoWordDeltas(reply: string): string[] {
  return reply.match(/\s*\S+\s*|\s+/g) ?? [];
}

function parseJsonOrText(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    // Not every client sends JSON; keep the raw text so a test can still inspect it.
    return text;
  }
}
