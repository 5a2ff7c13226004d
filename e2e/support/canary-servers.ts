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
  /**
   * Sends one HTTP request and one UDP datagram of its own and resolves once both were heard: whatever
   * reached the canaries' sockets before them has been recorded by then. They are not counted as hits.
   */
  settle(): Promise<void>;
  close(): Promise<void>;
}

const describeRequest = (request: IncomingMessage) => `${request.method ?? '?'} ${request.url ?? '/'}`;

/** The canaries' own traffic in `settle`, told apart from a widget's by this marker. */
const settleMarker = 'canary-settle';

/**
 * Starts an outside HTTP server and a UDP listener on other loopback ports. They answer as a
 * willing accomplice would (200, permissive CORS, an empty body) so that a request which is sent
 * at all is also seen here; a battery passes only when they hear nothing.
 */
export async function startCanaryServers(): Promise<CanaryServers> {
  const heard: CanaryHit[] = [];
  const settleWaiters = new Set<{ channel: CanaryHit['channel']; token: string; resolve: () => void }>();
  const record = (channel: CanaryHit['channel'], summary: string) => {
    for (const waiter of settleWaiters) {
      if (waiter.channel === channel && summary.includes(waiter.token)) {
        settleWaiters.delete(waiter);
        waiter.resolve();
      }
    }
    if (!summary.includes(settleMarker)) heard.push({ channel, summary, at: Date.now() });
  };
  const heardFor = (channel: CanaryHit['channel'], token: string) =>
    new Promise<void>((resolve) => settleWaiters.add({ channel, token, resolve }));
  let settleCount = 0;

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
  udp.on('message', (datagram, sender) => {
    const own = datagram.toString('utf8');
    record(
      'udp',
      `${sender.address}:${sender.port} sent ${datagram.length} bytes${own.startsWith(settleMarker) ? ` ${own}` : ''}`,
    );
  });
  await new Promise<void>((resolve) => udp.bind(0, '127.0.0.1', resolve));

  const httpPort = (http.address() as AddressInfo).port;
  const udpPort = udp.address().port;
  return {
    httpOrigin: `http://127.0.0.1:${httpPort}`,
    udpPort,
    hits: () => heard,
    hitsFor: (marker) => heard.filter((hit) => hit.summary.includes(marker)),
    async settle() {
      settleCount += 1;
      const token = `${settleMarker}-${settleCount}`;
      const httpHeard = heardFor('http', token);
      const udpHeard = heardFor('udp', token);
      const response = await fetch(`http://127.0.0.1:${httpPort}/${token}`);
      await response.body?.cancel();
      const sender = createSocket('udp4');
      await new Promise<void>((resolve, reject) =>
        sender.send(token, udpPort, '127.0.0.1', (error) => (error ? reject(error) : resolve())),
      );
      await Promise.all([httpHeard, udpHeard]);
      await new Promise<void>((resolve) => sender.close(() => resolve()));
    },
    async close() {
      http.closeAllConnections();
      await new Promise<void>((resolve) => http.close(() => resolve()));
      await new Promise<void>((resolve) => udp.close(() => resolve()));
    },
  };
}
