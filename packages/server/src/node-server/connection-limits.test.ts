import { connect, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { barChartScript, scriptedTestModel } from '../models/testing/test-models.ts';
import { startTestServer, type TestServer } from '../testing/test-server.ts';
import { connectionCap } from './connection-limits.ts';

let server: TestServer | undefined;
const errors: unknown[] = [];
afterEach(async () => {
  await server?.close();
  server = undefined;
  errors.length = 0;
});

/** Writes raw bytes, optionally half-closes, and collects whatever the server answers until it closes. */
function exchange(port: number, bytes: string, { halfClose }: { halfClose: boolean }): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket: Socket = connect({ host: '127.0.0.1', port });
    let text = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk) => {
      text += chunk;
    });
    socket.on('close', () => resolve(text));
    socket.on('error', reject);
    socket.write(bytes, () => {
      if (halfClose) socket.end();
    });
  });
}

describe('request bodies', () => {
  it('answers a body cut off before its declared length with 400, not 500', async () => {
    server = await startTestServer({
      model: scriptedTestModel({ script: barChartScript() }),
      logError: (_message, error) => errors.push(error),
    });
    for (const path of ['/api/threads', '/api/agent']) {
      const reply = await exchange(
        server.port,
        `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"threadId":`,
        { halfClose: true },
      );
      expect(reply, path).toMatch(/^HTTP\/1\.1 400 /);
      expect(reply, path).toContain('"incomplete_body"');
    }
    expect(errors).toEqual([]);
    expect(await server.store.listThreads()).toEqual([]);
  });
});

describe('slow and surplus connections', () => {
  it('answers a client that never finishes its headers with 408 once the headers timeout passes', async () => {
    server = await startTestServer({
      model: scriptedTestModel({ script: barChartScript() }),
      headersTimeoutMs: 300,
      requestTimeoutMs: 400,
    });
    const reply = await exchange(server.port, 'GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ', {
      halfClose: false,
    });
    expect(reply).toMatch(/^HTTP\/1\.1 408 /);
    expect(reply).toContain('"request_timeout"');
  });

  it('refuses connections past the cap and serves again once they close', async () => {
    server = await startTestServer({
      model: scriptedTestModel({ script: barChartScript() }),
      config: { server: { maxConnections: 2 } },
    });
    const port = server.port;
    const idle = await Promise.all(
      [0, 1].map(
        () =>
          new Promise<Socket>((resolve) => {
            const socket = connect({ host: '127.0.0.1', port }, () => resolve(socket));
          }),
      ),
    );
    // Node accepts and at once drops a connection past the cap: the third client reads nothing.
    const refused = await exchange(port, 'GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n', {
      halfClose: false,
    }).catch((error: NodeJS.ErrnoException) => error.code);
    expect(['', 'ECONNRESET']).toContain(refused);
    await Promise.all(idle.map((socket) => new Promise<void>((resolve) => socket.end(() => resolve()))));
    await expect
      .poll(async () => (await fetch(`${server!.url}/api/health`).catch(() => undefined))?.status)
      .toBe(200);
  });
});

describe('connectionCap', () => {
  it('takes a configured cap, and otherwise leaves a reserve under the open-file limit', () => {
    expect(connectionCap(250)).toBe(250);
    const derived = connectionCap(undefined);
    expect(derived).toBeGreaterThanOrEqual(16);
    expect(derived).toBeLessThanOrEqual(10_000);
  });
});
