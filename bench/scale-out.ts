/**
 * What scaling out costs a parked call and a reconnect. Two instances (each its own app on
 * `@hono/node-server`, its own Redis connections, one throwaway PostgreSQL database and one throwaway Redis
 * server between them): N render calls parked on A are answered through B's real
 * `POST /api/threads/:id/tool-results` over loopback HTTP, so every answer crosses Redis to reach its call.
 * Beside it, from the same run, the single-instance in-memory figures (in-memory bridge and run log, a
 * SQLite file in a temporary folder as `npm start` keeps, answers posted to the same app). Then the time
 * from a reconnect (`GET /api/runs/:runId/events` with `Last-Event-ID`) to the first replayed event, on B
 * for a run whose log A wrote, and in one process.
 *
 * Every call is parked before the first answer leaves; a sample runs from the moment its answer leaves the
 * client to the moment its parked call resumes (the tool sees the answer), not from parking, which would
 * count the bench's own set-up and the answers queued before it. The answers come from another process
 * (`support/answer-poster-process.ts`), so the client's HTTP work does not share the servers' event loop;
 * both instances share this one, as the single instance does. Answers go at a steady `--rate` (whatever
 * the server's pace, as from many browsers), then flat out with `--sockets` in flight (the throughput).
 * Needs the Debian `postgresql` and `redis-server` packages (as the tests do).
 * Run: npx tsx bench/scale-out.ts [--calls 1000] [--rate 500] [--sockets 64] [--reconnects 50]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { runEvents } from '@drawbridge/protocol';
import { serve } from '@hono/node-server';
import pg from 'pg';
import type { ClientToolBridge } from '../packages/server/src/bridge/client-tool-bridge.ts';
import { createApp } from '../packages/server/src/http/create-app.ts';
import { openRunBackplane, type RunBackplane } from '../packages/server/src/runs/open-run-backplane.ts';
import { defaultRunLeaseMs } from '../packages/server/src/runs/run-supervisor.ts';
import { openStorage } from '../packages/server/src/store/open-storage.ts';
import type { Store } from '../packages/server/src/store/store.ts';
import { startThrowawayPostgres } from '../test-support/throwaway-postgres.ts';
import { startThrowawayRedis } from '../test-support/throwaway-redis.ts';
import { AnswerPoster } from './support/answer-poster.ts';
import { percentile } from './support/statistics.ts';

const { values: flags } = parseArgs({
  options: {
    calls: { type: 'string', default: '1000' },
    reconnects: { type: 'string', default: '50' },
    sockets: { type: 'string', default: '64' },
    rate: { type: 'string', default: '500' },
  },
});

function describe(label: string, samples: number[]): string {
  const sorted = [...samples].sort((left, right) => left - right);
  const format = (value: number) => `${value.toFixed(2)} ms`;
  return `${label.padEnd(34)} p50 ${format(percentile(sorted, 0.5))}, p99 ${format(percentile(sorted, 0.99))}, max ${format(sorted.at(-1) ?? Number.NaN)}`;
}

const callCount = Number(flags.calls);
const reconnectCount = Number(flags.reconnects);
const sockets = Number(flags.sockets);
const perSecond = Number(flags.rate);
const warmUpCalls = 300;
const quiet = (message: string, error: unknown) => console.error(message, error);

interface Instance {
  url: string;
  store: Store;
  bridge: ClientToolBridge;
  backplane: RunBackplane;
  close(): Promise<void>;
}

async function startInstance({
  databaseUrl,
  redisUrl,
}: {
  databaseUrl?: string;
  redisUrl?: string;
}): Promise<Instance> {
  // Alone, a SQLite file in a folder of its own, as `npm start` keeps: its commits are part of an answer.
  const sqliteFolder = databaseUrl === undefined ? mkdtempSync(join(tmpdir(), 'drawbridge-scale-out-')) : '';
  const storage = await openStorage({
    location:
      databaseUrl === undefined
        ? { dialect: 'sqlite', path: join(sqliteFolder, 'drawbridge.db') }
        : { dialect: 'postgres', url: databaseUrl },
  });
  const backplane = await openRunBackplane({
    redisUrl,
    instanceId: crypto.randomUUID(),
    store: storage.store,
    leaseMs: defaultRunLeaseMs,
    clock: () => new Date(),
    logError: quiet,
  });
  const app = createApp({
    store: storage.store,
    bridge: backplane.bridge,
    runLog: backplane.runLog,
    // The routes under test never call the model.
    model: { model: 'unused', id: 'bench', demo: false, hint: 'bench' },
    logError: quiet,
  });
  const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const started = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(started));
  });
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    store: storage.store,
    bridge: backplane.bridge,
    backplane,
    close: async () => {
      server.close();
      await backplane.close();
      await storage.close();
      if (sqliteFolder !== '') rmSync(sqliteFolder, { recursive: true, force: true });
    },
  };
}

type AnswerPace = { perSecond: number } | { inFlight: number };

/** What answering every parked call cost: per answer, and for the whole batch. */
interface AnswerFigures {
  answerToResume: number[];
  totalMs: number;
  /** CPU time of this process (the servers, not the poster) per answer, in milliseconds. */
  cpuPerAnswerMs: number;
}

/**
 * Parks `callCount` calls on `parkOn`, then answers them all through `answerTo`'s route from the poster
 * process. Each sample runs from the moment its answer leaves the client to the moment its parked call
 * resumes: parking, and an answer waiting for a free connection in the client, are the bench's own set-up.
 */
async function parkAndAnswer(
  parkOn: Instance,
  answerTo: Instance,
  pace: AnswerPace,
  count = callCount,
): Promise<AnswerFigures> {
  const thread = await parkOn.store.createThread({ title: 'scale-out bench' });
  const runAbort = new AbortController();
  const toolCallIds = Array.from({ length: count }, (_, index) => `call-${index}`);
  const resumedAt: number[] = [];
  const parks = toolCallIds.map(async (toolCallId, index) => {
    const outcome = await parkOn.bridge.park(
      {
        threadId: thread.id,
        runId: 'bench-run',
        toolCallId,
        toolName: 'render_table',
        args: { columns: [{ key: 'n', label: 'N', type: 'number' }], rows: [{ n: index }] },
      },
      { timeoutMs: 60_000, abortSignal: runAbort.signal },
    );
    resumedAt[index] = performance.timeOrigin + performance.now();
    if (outcome.kind !== 'answered') throw new Error(`call ${index} ended as ${outcome.kind}`);
  });
  // Every call is parked before the answers leave, as in a real run, where the browser answers a call
  // only once it has seen it parked.
  while (parkOn.bridge.openCallCount() < count) await new Promise((resolve) => setImmediate(resolve));
  await poster.warm({ url: answerTo.url, sockets });
  const started = performance.now();
  const cpuBefore = process.cpuUsage();
  const posted = await poster.post({
    url: answerTo.url,
    threadId: thread.id,
    toolCallIds,
    pace,
  });
  await Promise.all(parks);
  const totalMs = performance.now() - started;
  const cpu = process.cpuUsage(cpuBefore);
  const refused = posted.statuses.filter((status) => status !== 200).length;
  if (refused > 0) throw new Error(`${refused} answers were refused`);
  return {
    answerToResume: resumedAt.map((at, index) => at - posted.sentAt[index]!),
    totalMs,
    cpuPerAnswerMs: (cpu.user + cpu.system) / 1000 / count,
  };
}

function describeAnswers(label: string, figures: AnswerFigures): string {
  const rate = (callCount / figures.totalMs) * 1000;
  return (
    `${describe(label, figures.answerToResume)}; all in ${figures.totalMs.toFixed(0)} ms ` +
    `(${rate.toFixed(0)}/s), server CPU ${figures.cpuPerAnswerMs.toFixed(2)} ms/answer`
  );
}

/** Writes a 2,000-event run log on `writer`, then reconnects to it on `reader` from the middle, many times. */
async function reconnectTimes(writer: Instance, reader: Instance): Promise<number[]> {
  const thread = await writer.store.createThread({ title: 'reconnect bench' });
  const runId = crypto.randomUUID();
  await writer.store.startRun({ id: runId, threadId: thread.id, model: 'bench' });
  const log = writer.backplane.runLog.create(runId);
  log.append(runEvents.runStarted({ threadId: thread.id, runId }));
  for (let index = 0; index < 1998; index += 1) {
    log.append(runEvents.textContent({ messageId: 'm', delta: `piece ${index} of a long reply ` }));
  }
  log.append(runEvents.runFinished({ threadId: thread.id, runId }));
  await log.flushed();
  const times: number[] = [];
  // The first reconnect is not counted: it compiles the replay path, which a running server has done.
  for (let index = 0; index <= reconnectCount; index += 1) {
    const started = performance.now();
    const response = await fetch(`${reader.url}/api/runs/${runId}/events`, {
      headers: { Accept: 'text/event-stream', 'Last-Event-ID': '1000' },
    });
    const body = response.body!.getReader();
    const { value } = await body.read();
    if (index > 0) times.push(performance.now() - started);
    if (!new TextDecoder().decode(value).startsWith('id: 1001\n'))
      throw new Error('the replay did not start at 1001');
    await body.cancel();
  }
  return times;
}

const [postgres, redis] = await Promise.all([startThrowawayPostgres(), startThrowawayRedis()]);
const admin = new pg.Client({ connectionString: postgres.adminUrl });
await admin.connect();
await admin.query('CREATE DATABASE bench');
await admin.end();
const databaseUrl = Object.assign(new URL(postgres.adminUrl), { pathname: '/bench' }).toString();
const poster = AnswerPoster.start();
const single = await startInstance({});
const a = await startInstance({ databaseUrl, redisUrl: redis.url });
const b = await startInstance({ databaseUrl, redisUrl: redis.url });
try {
  console.log(
    `${callCount} parked calls, answered over loopback HTTP from another process; answer-to-resume runs from ` +
      'an answer leaving the client to its call resuming',
  );
  // Unmeasured first rounds, so the figures are those of a warm server (compiled code, open pools).
  await parkAndAnswer(single, single, { inFlight: sockets }, warmUpCalls);
  await parkAndAnswer(a, b, { inFlight: sockets }, warmUpCalls);
  const steady = { perSecond };
  console.log(`answers sent at ${perSecond}/s, whether or not earlier ones were answered:`);
  console.log(describeAnswers('  one instance', await parkAndAnswer(single, single, steady)));
  console.log(describeAnswers('  parked on A, answered on B', await parkAndAnswer(a, b, steady)));
  const flatOut = { inFlight: sockets };
  console.log(`answers sent flat out, ${sockets} in flight:`);
  console.log(describeAnswers('  one instance', await parkAndAnswer(single, single, flatOut)));
  console.log(describeAnswers('  parked on A, answered on B', await parkAndAnswer(a, b, flatOut)));
  console.log(
    `${reconnectCount} reconnects with Last-Event-ID 1000 to a 2,000-event run, to the first replayed event`,
  );
  console.log(describe('reconnect, one instance', await reconnectTimes(single, single)));
  console.log(describe('reconnect on B to a log A wrote', await reconnectTimes(a, b)));
} finally {
  poster.stop();
  await Promise.all([single.close(), a.close(), b.close()]);
  await Promise.all([postgres.stop(), redis.stop()]);
}
