import { createSocket } from 'node:dgram';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One thing a canary heard: an HTTP request (any method, any path, WebSocket upgrades too) or a UDP datagram. */
export interface CanaryHit {
  channel: 'http' | 'upgrade' | 'udp';
  /** `METHOD /path?query` for HTTP, the sender and byte count for UDP. */
  summary: string;
  at: number;
}

export interface CanaryServers {
  /** `http://127.0.0.1:<port>`: another origin than the app (another port), so a widget reaching it has escaped. */
  httpOrigin: string;
  /** The UDP port a STUN request from WebRTC would reach. */
  udpPort: number;
  /** Everything heard so far, oldest first. */
  hits(): readonly CanaryHit[];
  /** Hits whose summary contains `marker` (each hostile widget tags its requests with its own name). */
  hitsFor(marker: string): readonly CanaryHit[];
  close(): Promise<void>;
}

const describeRequest = (request: IncomingMessage) => `${request.method ?? '?'} ${request.url ?? '/'}`;

/**
 * Starts an outside HTTP server and a UDP listener on other loopback ports. They answer as a
 * willing accomplice would (200, permissive CORS, an empty body) so that a request which is sent
 * at all is also seen here; a battery passes only when they hear nothing.
 */
export async function startCanaryServers(): Promise<CanaryServers> {
  const heard: CanaryHit[] = [];
  const record = (channel: CanaryHit['channel'], summary: string) =>
    heard.push({ channel, summary, at: Date.now() });

  const http = createServer((request, response) => {
    record('http', describeRequest(request));
    // Drain the body so a POST completes; the canary only needs the request line.
    request.resume();
    response.writeHead(200, {
      'Access-Control-Allow-Origin': '*',
      'Cross-Origin-Resource-Policy': 'cross-origin',
      'Content-Type': 'text/plain',
    });
    response.end('');
  });
  http.on('upgrade', (request, socket) => {
    record('upgrade', describeRequest(request));
    socket.destroy();
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));

  const udp = createSocket('udp4');
  udp.on('message', (datagram, sender) =>
    record('udp', `${sender.address}:${sender.port} sent ${datagram.length} bytes`),
  );
  await new Promise<void>((resolve) => udp.bind(0, '127.0.0.1', resolve));

  const httpPort = (http.address() as AddressInfo).port;
  return {
    httpOrigin: `http://127.0.0.1:${httpPort}`,
    udpPort: udp.address().port,
    hits: () => heard,
    hitsFor: (marker) => heard.filter((hit) => hit.summary.includes(marker)),
    async close() {
      http.closeAllConnections();
      await new Promise<void>((resolve) => http.close(() => resolve()));
      await new Promise<void>((resolve) => udp.close(() => resolve()));
    },
  };
}
