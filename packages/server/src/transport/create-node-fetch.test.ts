import { connect, type Socket } from 'node:net';
import { buildRunAgentInput } from '@drawbridge/protocol';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { gatedTestModel } from '../models/testing/gated-test-model.ts';
import { barChartScript, pacedTestModel, scriptedTestModel } from '../models/testing/test-models.ts';
import type { RunRecord } from '../store/store.ts';
import { rawHttpRequest } from '../testing/raw-http.ts';
import { startTestServer, type TestServer } from '../testing/test-server.ts';

let server: TestServer | undefined;
const sockets: Socket[] = [];
afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.destroy();
  await server?.close();
  server = undefined;
});

async function createThread(target: TestServer): Promise<string> {
  const response = await fetch(`${target.url}/api/threads`, { method: 'POST' });
  return ((await response.json()) as { thread: { id: string } }).thread.id;
}

function runBody(threadId: string): string {
  return JSON.stringify(
    buildRunAgentInput({
      threadId,
      runId: `run-${Math.random().toString(36).slice(2)}`,
      userMessageId: 'u1',
      text: 'flood me',
    }),
  );
}

/** A model that streams `pieces` prose pieces of `pieceBytes` each as fast as it is read, honouring abort. */
const floodingModel = ({ pieceBytes, pieces }: { pieceBytes: number; pieces: number }) =>
  pacedTestModel({ pieces, intervalMs: 0, piece: () => 'x'.repeat(pieceBytes), id: 'flooding' });

/** Sends a run request and never reads a byte of the reply. */
function neverReadingClient({ port, body }: { port: number; body: string }): Socket {
  const socket = connect({ host: '127.0.0.1', port });
  socket.pause();
  socket.on('error', () => {});
  socket.write(
    `POST /api/agent HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  );
  sockets.push(socket);
  return socket;
}

async function runsWhenAllEnded(target: TestServer, count: number): Promise<RunRecord[]> {
  for (;;) {
    const runs = await target.store.listRuns();
    if (runs.length === count && runs.every((run) => run.status !== 'running')) return runs;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('run streams on Node', () => {
  it('are written to the socket with the middleware headers, chunked, not buffered', async () => {
    server = await startTestServer({ model: scriptedTestModel({ script: barChartScript() }) });
    const threadId = await createThread(server);
    const arrivals = await rawHttpRequest({
      port: server.port,
      path: '/api/agent',
      headers: { 'Content-Type': 'application/json', Accept: 'application/x-ndjson' },
      body: runBody(threadId),
    }).finished;
    const [head = ''] = arrivals
      .map((arrival) => arrival.text)
      .join('')
      .split('\r\n\r\n');
    const headers = head.toLowerCase();
    expect(headers).toMatch(/^http\/1\.1 200/);
    expect(headers).toContain('content-type: application/x-ndjson; charset=utf-8');
    expect(headers).toContain('x-accel-buffering: no');
    expect(headers).toContain('cache-control: no-cache, no-transform');
    expect(headers).toContain('transfer-encoding: chunked');
    // Set by app middleware after the route returned: the direct write must still send it.
    expect(headers).toContain('x-content-type-options: nosniff');
    expect(headers).not.toContain('content-length');
    expect(headers).not.toContain('content-encoding');
    // The client asked to close (`rawHttpRequest` sends `Connection: close`): the server closes once the run ends.
    expect(headers).toContain('connection: close');
    expect(headers).not.toContain('keep-alive');
  });

  it('keep a keep-alive connection open after the run ends, for the next request on it', async () => {
    server = await startTestServer({ model: scriptedTestModel({ script: barChartScript() }) });
    const exchange = rawHttpRequest({
      port: server.port,
      path: '/api/agent',
      headers: {
        'Content-Type': 'application/json',
        Accept: 'application/x-ndjson',
        Connection: 'keep-alive',
      },
      body: runBody(await createThread(server)),
    });
    const received = () => exchange.arrivals.map((arrival) => arrival.text).join('');
    // The chunked body's terminator: the run's response is complete, and the socket must still be open.
    await vi.waitFor(() => expect(received()).toContain('\r\n0\r\n\r\n'), { timeout: 10_000 });
    expect(received().split('\r\n\r\n')[0]?.toLowerCase()).toContain('connection: keep-alive');
    exchange.socket.write(
      `GET /api/health HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\nConnection: close\r\n\r\n`,
    );
    const arrivals = await exchange.finished;
    const second = arrivals
      .map((arrival) => arrival.text)
      .join('')
      .split('\r\n0\r\n\r\n')[1];
    expect(second).toMatch(/^HTTP\/1\.1 200/);
  });

  it('send the headers at once to a follower the run has nothing new for yet, and its events after', async () => {
    const model = gatedTestModel({ before: [], after: ['Hello.'] });
    server = await startTestServer({ model });
    const started = await fetch(`${server.url}/api/agent`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/x-ndjson' },
      body: runBody(await createThread(server)),
    });
    // The run's first three events come before the model says anything: read them, then follow after them.
    const reader = started.body!.pipeThrough(new TextDecoderStream()).getReader();
    let text = '';
    while (text.split('\n').length < 4) text += (await reader.read()).value ?? '';
    const lines = text
      .split('\n')
      .slice(0, 3)
      .map((line) => JSON.parse(line));
    const runId = lines.find((line) => line.name === 'drawbridge.run').value.runId;
    const follower = rawHttpRequest({
      port: server.port,
      method: 'GET',
      path: `/api/runs/${runId}/events?after=${lines[2].seq}`,
      headers: { Accept: 'application/x-ndjson' },
      body: '',
    });
    const received = () => follower.arrivals.map((arrival) => arrival.text).join('');
    await vi.waitFor(() => expect(received()).toContain('\r\n\r\n'), { timeout: 5_000 });
    expect(received()).toMatch(/^HTTP\/1\.1 200/);
    expect(received()).not.toContain('TEXT_MESSAGE_CONTENT');
    model.release();
    await vi.waitFor(() => expect(received()).toContain('RUN_FINISHED'), { timeout: 5_000 });
    expect(received()).toContain('"delta":"Hello."');
    follower.socket.destroy();
    await reader.cancel();
  });

  it('drop 5 clients that never read once each holds more than the cap, while their runs go on', async () => {
    // Loopback's socket buffers alone hold about 4 MiB (up to `tcp_wmem`'s maximum), so each run writes four
    // times that: a client dropped at the cap gets well under half, one that was not gets it all.
    const pieces = 1024;
    const pieceBytes = 16 * 1024;
    server = await startTestServer({
      model: floodingModel({ pieceBytes, pieces }),
      streamLimits: { maxBufferedBytes: 256 * 1024, writeTimeoutMs: 600_000 },
    });
    const threadIds = await Promise.all(Array.from({ length: 5 }, () => createThread(server!)));
    const clients = threadIds.map((threadId) =>
      neverReadingClient({ port: server!.port, body: runBody(threadId) }),
    );
    // A run belongs to the server: a client that cannot keep up loses its connection, not the run.
    const runs = await runsWhenAllEnded(server, 5);
    expect(runs.map((run) => run.status)).toEqual(Array(5).fill('finished'));
    // Each run wrote 16 MiB of prose; a client still connected would receive all of it, and the run's end.
    const received = await Promise.all(clients.map(readUntilClosed));
    for (const { bytes, sawRunFinished } of received) {
      expect(sawRunFinished).toBe(false);
      expect(bytes).toBeLessThan((pieces * pieceBytes) / 2);
    }
  }, 120_000);

  it('answer a reader whose first events alone pass the cap, never with a closed socket a browser sends again', async () => {
    // One model piece bigger than the cap, produced within the turn the response starts in: the first write holds
    // the headers and all of it. Dropping the client for that write closed the socket with no response, and
    // Chromium answers a reused connection closed that way by sending the POST again: one Enter, several runs.
    const bigPiece = 'x'.repeat(1024 * 1024);
    server = await startTestServer({
      model: pacedTestModel({ pieces: 1, intervalMs: 0, piece: () => bigPiece, id: 'one-big-piece' }),
      streamLimits: { maxBufferedBytes: 256 * 1024, writeTimeoutMs: 600_000 },
    });
    const received = (
      await rawHttpRequest({
        port: server.port,
        path: '/api/agent',
        headers: { 'Content-Type': 'application/json', Accept: 'application/x-ndjson' },
        body: runBody(await createThread(server)),
      }).finished
    )
      .map((arrival) => arrival.text)
      .join('');
    expect(received).toMatch(/^HTTP\/1\.1 200/);
    expect(received).toContain('RUN_FINISHED');
    expect(received.length).toBeGreaterThan(bigPiece.length);
    expect((await server.store.listRuns()).length).toBe(1);
  });

  it('drop a client whose socket stays full for the write timeout, below the cap', async () => {
    // More than loopback's socket buffers hold, so only the write timeout can stop it arriving.
    const pieces = 2048;
    const pieceBytes = 16 * 1024;
    server = await startTestServer({
      model: floodingModel({ pieceBytes, pieces }),
      // Short, so what piles up in the response while the timer runs stays small beside the 32 MiB the run writes.
      streamLimits: { maxBufferedBytes: 1024 * 1024 * 1024, writeTimeoutMs: 50 },
    });
    const client = neverReadingClient({ port: server.port, body: runBody(await createThread(server)) });
    const [run] = await runsWhenAllEnded(server, 1);
    expect(run?.status).toBe('finished');
    const { bytes, sawRunFinished } = await readUntilClosed(client);
    expect(sawRunFinished).toBe(false);
    expect(bytes).toBeLessThan((pieces * pieceBytes) / 2);
  }, 120_000);
});

/**
 * Starts reading a paused client until the server's close: how many bytes arrived, and whether the run's
 * `RUN_FINISHED` was among them (looked for across chunk edges, in a short tail kept from the last chunk).
 */
function readUntilClosed(socket: Socket): Promise<{ bytes: number; sawRunFinished: boolean }> {
  return new Promise((resolve) => {
    let bytes = 0;
    let sawRunFinished = false;
    let tail = '';
    socket.on('data', (chunk: Buffer) => {
      bytes += chunk.length;
      const text = tail + chunk.toString('latin1');
      sawRunFinished ||= text.includes('RUN_FINISHED');
      tail = text.slice(-32);
    });
    socket.once('close', () => resolve({ bytes, sawRunFinished }));
    socket.resume();
  });
}
