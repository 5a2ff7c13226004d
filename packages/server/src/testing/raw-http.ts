import { connect, type Socket } from 'node:net';

/** One `data` event of the socket: one read of what the server wrote. */
export interface Arrival {
  text: string;
}

export interface RawExchange {
  socket: Socket;
  arrivals: Arrival[];
  /** Resolves when the server closes the response (or the socket closes). */
  finished: Promise<Arrival[]>;
}

/**
 * Sends one HTTP/1.1 request over a bare TCP socket and records every chunk as it arrives, so a test sees
 * exactly what reached the wire, in order and in how many reads — no HTTP client in between that could buffer.
 */
export function rawHttpRequest({
  port,
  method = 'POST',
  path,
  headers,
  body,
  onArrival,
}: {
  port: number;
  /** Default POST. */
  method?: string;
  path: string;
  headers: Record<string, string>;
  body: string;
  onArrival?: (arrival: Arrival, exchange: RawExchange) => void;
}): RawExchange {
  const socket = connect({ host: '127.0.0.1', port });
  const arrivals: Arrival[] = [];
  const payload = Buffer.from(body, 'utf8');
  const headerLines = Object.entries({
    Host: `127.0.0.1:${port}`,
    Connection: 'close',
    'Content-Length': String(payload.byteLength),
    ...headers,
  }).map(([name, value]) => `${name}: ${value}`);
  const exchange: RawExchange = {
    socket,
    arrivals,
    finished: new Promise((resolve) => {
      socket.on('close', () => resolve(arrivals));
    }),
  };
  socket.on('connect', () => {
    socket.write(`${method} ${path} HTTP/1.1\r\n${headerLines.join('\r\n')}\r\n\r\n`);
    socket.write(payload);
  });
  socket.setEncoding('utf8');
  socket.on('data', (text: string) => {
    const arrival = { text };
    arrivals.push(arrival);
    onArrival?.(arrival, exchange);
  });
  // A destroyed socket reports ECONNRESET on some platforms; the test only cares that it closed.
  socket.on('error', () => {});
  return exchange;
}
