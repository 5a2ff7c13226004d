/**
 * How fast a parked render call resumes: N calls are parked on the in-memory bridge, then answered all at
 * once through the real `POST /api/threads/:id/tool-results` route over loopback HTTP (the app from
 * `createApp` on `@hono/node-server`, port 0, with the SQLite store writing each widget's carrier).
 * Prints park-to-resume (from parking to the tool seeing the answer) and answer-to-resume (from the POST
 * leaving the client to the tool seeing the answer) percentiles, and the total time.
 * Requests go through a keep-alive `node:http` agent (`--sockets`, default 64): the browser side of a real
 * deployment is many clients with a few connections each, not one client opening a thousand sockets.
 * Run: npx tsx bench/bridge.ts [--calls 1000] [--sockets 64]
 */
import { Agent, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { serve } from '@hono/node-server';
import { createApp } from '../packages/server/src/app/create-app.ts';
import { InMemoryClientToolBridge } from '../packages/server/src/bridge/in-memory-client-tool-bridge.ts';
import { openSqliteStore } from '../packages/server/src/store/index.ts';

function option(name: string, fallback: string): string {
  const index = process.argv.indexOf(`--${name}`);
  return index === -1 ? fallback : (process.argv[index + 1] ?? fallback);
}

function percentile(sorted: readonly number[], fraction: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))] ?? Number.NaN;
}

function describe(label: string, samples: number[]): string {
  const sorted = [...samples].sort((left, right) => left - right);
  const format = (value: number) => `${value.toFixed(2)} ms`;
  return `${label}: p50 ${format(percentile(sorted, 0.5))}, p99 ${format(percentile(sorted, 0.99))}, max ${format(sorted.at(-1) ?? Number.NaN)}`;
}

const callCount = Number(option('calls', '1000'));
const agent = new Agent({ keepAlive: true, maxSockets: Number(option('sockets', '64')) });

function post(path: string, body: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const outgoing = request(
      `${url}${path}`,
      { method: 'POST', agent, headers: { 'Content-Type': 'application/json' } },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      },
    );
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}
const store = await openSqliteStore({ path: ':memory:' });
const bridge = new InMemoryClientToolBridge();
const app = createApp({
  store,
  bridge,
  model: {
    // The route under test never calls the model.
    model: 'unused',
    id: 'bench',
    demo: false,
    hint: 'bench',
  },
  logError: (message, error) => console.error(message, error),
});
const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
  const started = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(started));
});
const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
const thread = await store.createThread({ title: 'bridge bench' });
const runAbort = new AbortController();

const parkedAt: number[] = [];
const postedAt: number[] = [];
const resumedAt: number[] = [];
const parks = Array.from({ length: callCount }, (_, index) => {
  parkedAt[index] = performance.now();
  return bridge
    .park(
      {
        threadId: thread.id,
        runId: 'bench-run',
        toolCallId: `call-${index}`,
        toolName: 'render_table',
        args: { columns: [{ key: 'n', label: 'N', type: 'number' }], rows: [{ n: index }] },
      },
      { timeoutMs: 60_000, abortSignal: runAbort.signal },
    )
    .then((outcome) => {
      resumedAt[index] = performance.now();
      if (outcome.kind !== 'answered') throw new Error(`call ${index} ended as ${outcome.kind}`);
    });
});

const started = performance.now();
const responses = await Promise.all(
  Array.from({ length: callCount }, async (_, index) => {
    postedAt[index] = performance.now();
    return post(
      `/api/threads/${thread.id}/tool-results`,
      JSON.stringify({
        toolCallId: `call-${index}`,
        result: { status: 'rendered', message: 'Displayed the table to the user.' },
      }),
    );
  }),
);
await Promise.all(parks);
const totalMs = performance.now() - started;

const refused = responses.filter((status) => status !== 200).length;
const carriers = (await store.listMessages(thread.id)).filter((message) => message.render !== undefined);
console.log(`${callCount} parked calls answered concurrently over loopback HTTP`);
console.log(
  describe(
    'park-to-resume',
    resumedAt.map((at, index) => at - parkedAt[index]!),
  ),
);
console.log(
  describe(
    'answer-to-resume',
    resumedAt.map((at, index) => at - postedAt[index]!),
  ),
);
console.log(
  `total: ${totalMs.toFixed(1)} ms (${((callCount / totalMs) * 1000).toFixed(0)} answers/s); ` +
    `refused: ${refused}; carriers stored: ${carriers.length}; open calls left: ${bridge.openCallCount()}`,
);

agent.destroy();
server.close();
await store.close();
