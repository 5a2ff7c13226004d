/**
 * How fast a parked render call resumes: N calls are parked on the in-memory bridge, then answered through
 * the real `POST /api/threads/:id/tool-results` route over loopback HTTP (the app from `createApp` on
 * `@hono/node-server`, port 0, with the SQLite store writing each widget's carrier to a file in a temporary
folder, as `npm start` does). The answers come from
 * another process (`support/answer-poster-process.ts`), so the bench's own HTTP client does not share the
 * server's event loop: first at a steady `--rate` (default 500/s, each answer leaving at its time as from
 * many browsers), then flat out with `--sockets` in flight (default 64: many clients with a few connections
 * each, not one client opening a thousand sockets).
 * Prints answer-to-resume (from an answer leaving the client to the tool seeing it; parking and answers
 * queued in the client are the bench's set-up, not the server's latency) and answer round trip (to the
 * client reading the response) percentiles, and the total time.
 * Run: npx tsx bench/bridge.ts [--calls 1000] [--rate 500] [--sockets 64]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { serve } from '@hono/node-server';
import { InMemoryClientToolBridge } from '../packages/server/src/bridge/in-memory-client-tool-bridge.ts';
import { createApp } from '../packages/server/src/http/create-app.ts';
import { openSqliteStore } from '../packages/server/src/store/index.ts';
import { AnswerPoster } from './support/answer-poster.ts';
import { percentile } from './support/statistics.ts';

const { values: flags } = parseArgs({
  options: {
    calls: { type: 'string', default: '1000' },
    sockets: { type: 'string', default: '64' },
    rate: { type: 'string', default: '500' },
  },
});

function describe(label: string, samples: number[]): string {
  const sorted = [...samples].sort((left, right) => left - right);
  const format = (value: number) => `${value.toFixed(2)} ms`;
  return `${label}: p50 ${format(percentile(sorted, 0.5))}, p99 ${format(percentile(sorted, 0.99))}, max ${format(sorted.at(-1) ?? Number.NaN)}`;
}

const callCount = Number(flags.calls);
const sockets = Number(flags.sockets);
const perSecond = Number(flags.rate);
const wallClock = () => performance.timeOrigin + performance.now();

const poster = AnswerPoster.start();
// A SQLite file, as `npm start` keeps: its commits are part of what an answer costs.
const databaseFolder = mkdtempSync(join(tmpdir(), 'drawbridge-bridge-bench-'));
const store = await openSqliteStore({ path: join(databaseFolder, 'drawbridge.db') });
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

/** Parks `callCount` calls in a fresh thread, answers them all at `pace`, and prints what it took. */
async function parkAndAnswer(
  label: string | undefined,
  pace: { perSecond: number } | { inFlight: number },
  count = callCount,
) {
  const thread = await store.createThread({ title: 'bridge bench' });
  const runAbort = new AbortController();
  const toolCallIds = Array.from({ length: count }, (_, index) => `call-${index}`);
  const resumedAt: number[] = [];
  const parks = toolCallIds.map((toolCallId, index) =>
    bridge
      .park(
        {
          threadId: thread.id,
          runId: 'bench-run',
          toolCallId,
          toolName: 'render_table',
          args: { columns: [{ key: 'n', label: 'N', type: 'number' }], rows: [{ n: index }] },
        },
        { timeoutMs: 60_000, abortSignal: runAbort.signal },
      )
      .then((outcome) => {
        resumedAt[index] = wallClock();
        if (outcome.kind !== 'answered') throw new Error(`call ${index} ended as ${outcome.kind}`);
      }),
  );
  const started = performance.now();
  const cpuBefore = process.cpuUsage();
  const posted = await poster.post({ url, threadId: thread.id, toolCallIds, pace });
  await Promise.all(parks);
  const totalMs = performance.now() - started;
  const cpu = process.cpuUsage(cpuBefore);
  if (label === undefined) return;

  const refused = posted.statuses.filter((status) => status !== 200).length;
  const carriers = (await store.listMessages(thread.id)).filter((message) => message.render !== undefined);
  console.log(label);
  console.log(
    describe(
      '  answer-to-resume',
      resumedAt.map((at, index) => at - posted.sentAt[index]!),
    ),
  );
  console.log(
    describe(
      '  answer round trip',
      posted.respondedAt.map((at, index) => at - posted.sentAt[index]!),
    ),
  );
  console.log(
    `  total: ${totalMs.toFixed(1)} ms (${((count / totalMs) * 1000).toFixed(0)} answers/s), ` +
      `server CPU ${((cpu.user + cpu.system) / 1000 / count).toFixed(2)} ms/answer; ` +
      `refused: ${refused}; carriers stored: ${carriers.length}; open calls left: ${bridge.openCallCount()}`,
  );
}

await poster.warm({ url, sockets });
// An unmeasured first round, so the figures are those of a warm server.
await parkAndAnswer(undefined, { inFlight: sockets }, 300);
console.log(`${callCount} parked calls answered over loopback HTTP`);
await parkAndAnswer(`answers sent at ${perSecond}/s, whether or not earlier ones were answered:`, {
  perSecond,
});
await parkAndAnswer(`answers sent flat out, ${sockets} in flight:`, { inFlight: sockets });

poster.stop();
server.close();
await store.close();
rmSync(databaseFolder, { recursive: true, force: true });
