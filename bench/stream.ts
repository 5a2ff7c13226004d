/**
 * How the run endpoint holds up under concurrency: N runs stream at once over loopback from a server in a
 * child process. Each model piece carries the wall-clock time it was emitted (`[[t=…]]`), so the client
 * measures the latency the server adds between the model producing a piece and the socket delivering it.
 * Each count runs three times: first against a FLOOR (the same stamped pieces on the same schedule written
 * straight to `node:http`, no AI SDK, no web streams, no store), then against SDK (the same model read through
 * the AI SDK's `experimental_streamLanguageModelCall`, as the app's step loop reads it, each text delta
 * written straight to `node:http`: no store, no run log, no Hono), then against the app. floor → sdk is what
 * the AI SDK costs, sdk → app what our own layers cost. `cpu s` is the server's CPU time for the row and
 * `µs/evt` that per event: on a shared machine they move far less with other load than wall time does.
 * `start ms` is how long the last of the row's runs, all started at once, waited for its first event.
 * Before the rows, three single runs through the app, one at a time, give the unloaded time; after each count,
 * a `goal:` line sets the app row's wall time (the median with --repeat) against it, and the floor row's beside it.
 * Run: npx tsx bench/stream.ts [--runs 100,500,1000] [--pieces 100] [--interval-ms 20] [--repeat 1] [--sqlite-file]
 *   [--cpu-prof-dir DIR]
 * (`--repeat N` measures each count N times, the three rows taking turns, and adds each column's median;
 * `--sqlite-file` keeps the app's store in a SQLite file in a temporary folder, as `drawbridge serve` does,
 * instead of in memory; `--cpu-prof-dir` writes a CPU profile of the server child there when it exits.)
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, request, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { experimental_streamLanguageModelCall } from 'ai';
import { parseConfig } from '../packages/server/src/config/parse-config.ts';
import { pacedTestModel } from '../packages/server/src/models/testing/test-models.ts';
import { listenBacklog } from '../packages/server/src/node-server/listen-backlog.ts';
import { median, percentile } from './support/statistics.ts';

const wallClock = () => performance.timeOrigin + performance.now();

const { values: flags } = parseArgs({
  options: {
    runs: { type: 'string', default: '100,500,1000' },
    pieces: { type: 'string', default: '100' },
    'interval-ms': { type: 'string', default: '20' },
    repeat: { type: 'string', default: '1' },
    'sqlite-file': { type: 'boolean', default: false },
    'cpu-prof-dir': { type: 'string', default: '' },
    // Set on the server child this bench spawns.
    serve: { type: 'boolean', default: false },
  },
});
const piecesPerRun = Number(flags.pieces);
const pieceIntervalMs = Number(flags['interval-ms']);

/** The model every row streams: stamped prose pieces, one every `pieceIntervalMs` (≈ 50 tokens/s). */
const stampingModel = () =>
  pacedTestModel({ pieces: piecesPerRun, intervalMs: pieceIntervalMs, piece: () => stampedDelta() }).model;

const ndjsonLine = (event: unknown) => `${JSON.stringify(event)}\n`;
const stampedDelta = () => `[[t=${wallClock().toFixed(3)}]] lorem ipsum `;

/** Serves one run per request: `stream` writes the run's body lines into `outgoing`, then ends it. */
function serveRuns(stream: (outgoing: ServerResponse) => void): Promise<string> {
  const server = createServer((incoming, outgoing) => {
    incoming.resume();
    incoming.once('end', () => {
      outgoing.writeHead(200, {
        'Content-Type': 'application/x-ndjson; charset=utf-8',
        'Cache-Control': 'no-cache, no-transform',
        'X-Accel-Buffering': 'no',
      });
      outgoing.write(ndjsonLine({ type: 'RUN_STARTED', threadId: 'floor', runId: 'floor' }));
      outgoing.write(
        ndjsonLine({ type: 'CUSTOM', name: 'drawbridge.run', value: { model: 'floor', demo: false } }),
      );
      outgoing.write(ndjsonLine({ type: 'TEXT_MESSAGE_START', messageId: 'floor', role: 'assistant' }));
      stream(outgoing);
    });
  });
  // The app's backlog, so a burst of connections is accepted alike by every row.
  return new Promise((resolve) =>
    server.listen({ port: 0, host: '127.0.0.1', backlog: listenBacklog }, () =>
      resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`),
    ),
  );
}

const endRun = (outgoing: ServerResponse) => {
  outgoing.write(ndjsonLine({ type: 'TEXT_MESSAGE_END', messageId: 'floor' }));
  outgoing.end(ndjsonLine({ type: 'RUN_FINISHED', threadId: 'floor', runId: 'floor' }));
};

/** One NDJSON line per event, shaped like the app's, on the model's schedule: what streaming costs at least. */
function serveFloor(): Promise<string> {
  return serveRuns((outgoing) => {
    // Chained timeouts like the model's `pull`, so a busy loop stretches the floor's runs the same way.
    let sent = 0;
    let timer: NodeJS.Timeout | undefined;
    const next = () => {
      if (sent < piecesPerRun) {
        sent += 1;
        outgoing.write(
          ndjsonLine({ type: 'TEXT_MESSAGE_CONTENT', messageId: 'floor', delta: stampedDelta() }),
        );
        timer = setTimeout(next, pieceIntervalMs);
        return;
      }
      endRun(outgoing);
    };
    timer = setTimeout(next, pieceIntervalMs);
    outgoing.once('close', () => clearTimeout(timer));
  });
}

/** The floor's lines, but the pieces come from the stamping model read through the AI SDK as the app reads it. */
function serveSdkFloor(): Promise<string> {
  return serveRuns((outgoing) => {
    const abort = new AbortController();
    outgoing.once('close', () => abort.abort());
    (async () => {
      const { stream } = await experimental_streamLanguageModelCall({
        model: stampingModel(),
        instructions: 'bench',
        messages: [{ role: 'user', content: 'stream please' }],
        abortSignal: abort.signal,
        _internal: { collectContent: false },
      });
      for await (const part of stream) {
        if (part.type === 'text-delta') {
          outgoing.write(ndjsonLine({ type: 'TEXT_MESSAGE_CONTENT', messageId: 'floor', delta: part.text }));
        }
      }
      endRun(outgoing);
    })().catch((error: unknown) => outgoing.destroy(error as Error));
  });
}

async function serveInChild(): Promise<void> {
  const { startServer } = await import('../packages/server/src/node-server/start-server.ts');
  const { openSqliteStore } = await import('../packages/server/src/store/index.ts');
  const folder = flags['sqlite-file'] ? mkdtempSync(join(tmpdir(), 'drawbridge-bench-')) : undefined;
  const store = await openSqliteStore({
    path: folder === undefined ? ':memory:' : join(folder, 'drawbridge.db'),
  });
  const server = await startServer({
    config: parseConfig({ server: { port: 0 } }),
    store,
    model: { model: stampingModel(), id: 'bench:stamping', demo: false, hint: '' },
    systemPrompt: 'bench',
  });
  // The server's event-loop delay shows saturation that per-event latency cannot: a late timer delays
  // the model itself, before any piece is stamped.
  const loopDelay = monitorEventLoopDelay({ resolution: 5 });
  loopDelay.enable();
  process.on('message', (message) => {
    if (message === 'reset') {
      loopDelay.reset();
      process.send?.('reset');
    }
    if (message === 'report') {
      process.send?.({ loopDelayP99Ms: loopDelay.percentile(99) / 1e6, loopDelayMaxMs: loopDelay.max / 1e6 });
    }
  });
  process.send?.({ url: server.url, floorUrl: await serveFloor(), sdkUrl: await serveSdkFloor() });
  // Without a parent there is nobody to measure for; this also cleans up after an interrupted benchmark.
  process.once('disconnect', () => process.exit(0));
  process.once('SIGTERM', () => {
    (async () => {
      await server.close();
      await store.close();
      if (folder !== undefined) rmSync(folder, { recursive: true, force: true });
      process.exit(0);
    })();
  });
}

function postJson(url: string, body: unknown): Promise<unknown> {
  return fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  }).then((response) => response.json());
}

interface RunMeasurement {
  events: number;
  latencies: number[];
  /** performance.now() when the run's first event arrived. */
  firstEventAt: number;
}

/** One run over a plain node:http request, reading NDJSON lines as they arrive. */
function measureRun({
  url,
  threadId,
  index,
}: {
  url: string;
  threadId: string;
  index: number;
}): Promise<RunMeasurement> {
  const body = JSON.stringify({
    threadId,
    // A client's runId names one run per user for good (409 run_id_taken after), so each round needs its own.
    runId: `bench-${crypto.randomUUID()}`,
    messages: [{ id: `u-${index}`, role: 'user', content: 'stream please' }],
  });
  return new Promise((resolve, reject) => {
    const measurement: RunMeasurement = { events: 0, latencies: [], firstEventAt: Number.NaN };
    const outgoing = request(
      `${url}/api/agent`,
      {
        method: 'POST',
        agent: false,
        headers: { 'Content-Type': 'application/json', Accept: 'application/x-ndjson' },
      },
      (response) => {
        if (response.statusCode !== 200) {
          // A refused run is a broken bench, not a fast row: say why instead of counting zero events.
          let refusal = '';
          response.setEncoding('utf8');
          response.on('data', (text: string) => {
            refusal += text;
          });
          response.on('end', () => reject(new Error(`run refused: ${response.statusCode} ${refusal}`)));
          return;
        }
        let pending = '';
        response.setEncoding('utf8');
        response.on('data', (text: string) => {
          const now = wallClock();
          pending += text;
          const lines = pending.split('\n');
          pending = lines.pop() ?? '';
          for (const line of lines) {
            if (line === '') continue;
            if (measurement.events === 0) measurement.firstEventAt = performance.now();
            measurement.events += 1;
            for (const match of line.matchAll(/\[\[t=([\d.]+)\]\]/g))
              measurement.latencies.push(now - Number(match[1]));
          }
        });
        response.on('end', () => resolve(measurement));
        response.on('error', reject);
      },
    );
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

function readMemory(pid: number): { rssMb: number; peakMb: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kilobytes = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1] ?? 0);
  return { rssMb: kilobytes('VmRSS') / 1024, peakMb: kilobytes('VmHWM') / 1024 };
}

/** CPU seconds (user + system) the process has used: unlike wall time, barely moved by other load. */
function readCpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  // utime and stime are fields 14 and 15 of stat, counted from the state field (3) here; 100 ticks a second.
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

interface ServerUrls {
  url: string;
  floorUrl: string;
  sdkUrl: string;
}

interface RowOptions {
  label: string;
  runCount: number;
  pid: number;
  /** Starts one run and resolves with what its client saw. */
  startRun(index: number): Promise<RunMeasurement>;
  askChild<Reply>(message: string): Promise<Reply>;
}

/** One row of the table: what the clients of one row's runs saw, and what the server spent. */
interface RowResult {
  label: string;
  runCount: number;
  events: number;
  seconds: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  /** How long the last of the runs started together waited for its first event: the cost of starting runs. */
  lastStartMs: number;
  loopDelayP99Ms: number;
  peakDuringMb: number;
  vmHwmMb: number;
  cpuSeconds: number;
}

async function measureRow({ label, runCount, pid, startRun, askChild }: RowOptions): Promise<RowResult> {
  await askChild('reset');
  let peakDuringMb = 0;
  const sampler = setInterval(() => {
    peakDuringMb = Math.max(peakDuringMb, readMemory(pid).rssMb);
  }, 50);
  const cpuBefore = readCpuSeconds(pid);
  const startedAt = performance.now();
  const measurements = await Promise.all(Array.from({ length: runCount }, (_, index) => startRun(index)));
  const seconds = (performance.now() - startedAt) / 1000;
  const cpuSeconds = readCpuSeconds(pid) - cpuBefore;
  clearInterval(sampler);
  const latencies = measurements.flatMap((measurement) => measurement.latencies).sort((a, b) => a - b);
  const loop = await askChild<{ loopDelayP99Ms: number }>('report');
  return {
    label,
    runCount,
    events: measurements.reduce((sum, measurement) => sum + measurement.events, 0),
    seconds,
    p50Ms: percentile(latencies, 0.5),
    p99Ms: percentile(latencies, 0.99),
    maxMs: latencies.at(-1) ?? Number.NaN,
    lastStartMs: Math.max(...measurements.map((measurement) => measurement.firstEventAt)) - startedAt,
    loopDelayP99Ms: loop.loopDelayP99Ms,
    peakDuringMb,
    vmHwmMb: readMemory(pid).peakMb,
    cpuSeconds,
  };
}

function printRow(row: RowResult): void {
  console.log(
    [
      row.label.padEnd(5),
      String(row.runCount).padStart(4),
      String(row.events).padStart(8),
      String(Math.round(row.events / row.seconds)).padStart(8),
      row.p50Ms.toFixed(1).padStart(6),
      row.p99Ms.toFixed(1).padStart(6),
      row.maxMs.toFixed(1).padStart(6),
      row.lastStartMs.toFixed(0).padStart(8),
      row.loopDelayP99Ms.toFixed(1).padStart(11),
      `${row.peakDuringMb.toFixed(0)} MB`.padStart(8),
      `${row.vmHwmMb.toFixed(0)} MB`.padStart(6),
      row.seconds.toFixed(2).padStart(6),
      row.cpuSeconds.toFixed(2).padStart(5),
      ((row.cpuSeconds / row.events) * 1e6).toFixed(0).padStart(6),
    ].join(' | '),
  );
}

/** Each number of the rows taken as its median across the rounds (the events are the same in every round). */
function medianRow(rows: RowResult[]): RowResult {
  const middle = (pick: (row: RowResult) => number) => median(rows.map(pick));
  return {
    label: rows[0]!.label,
    runCount: rows[0]!.runCount,
    events: rows[0]!.events,
    seconds: middle((row) => row.seconds),
    p50Ms: middle((row) => row.p50Ms),
    p99Ms: middle((row) => row.p99Ms),
    maxMs: middle((row) => row.maxMs),
    lastStartMs: middle((row) => row.lastStartMs),
    loopDelayP99Ms: middle((row) => row.loopDelayP99Ms),
    peakDuringMb: middle((row) => row.peakDuringMb),
    vmHwmMb: middle((row) => row.vmHwmMb),
    cpuSeconds: middle((row) => row.cpuSeconds),
  };
}

/** Single runs, one after another, that the unloaded time is the median of. */
const unloadedRuns = 3;

/**
 * Issue 15's goal for a row of the app: within twice an unloaded run, and under 50 ms p99 added latency. The
 * floor's own ratio follows: what the machine allows at that count, with no layer of ours in the way.
 */
function printGoal({
  app,
  floor,
  unloadedSeconds,
}: {
  app: RowResult;
  floor: RowResult;
  unloadedSeconds: number;
}): void {
  const ratio = app.seconds / unloadedSeconds;
  console.log(
    `goal: app, ${app.runCount} runs: ${app.seconds.toFixed(2)} s = ${ratio.toFixed(2)}× an unloaded run ` +
      `(goal ≤ 2×), p99 ${app.p99Ms.toFixed(1)} ms (goal < 50 ms); ` +
      `the floor took ${(floor.seconds / unloadedSeconds).toFixed(2)}× (app/floor ${(app.seconds / floor.seconds).toFixed(2)}×)\n`,
  );
}

async function main(): Promise<void> {
  const runCounts = flags.runs.split(',').map(Number);
  const profileDirectory = flags['cpu-prof-dir'];
  const profileFlags = profileDirectory === '' ? [] : ['--cpu-prof', '--cpu-prof-dir', profileDirectory];
  // The server runs as `drawbridge serve` runs it: on Node's own type stripping, without the loader (tsx)
  // this file may have been started with.
  const child = spawn(
    process.execPath,
    [
      ...profileFlags,
      fileURLToPath(import.meta.url),
      '--serve',
      // The model runs in the child: it must stream what the parent counts on.
      ...['--pieces', String(piecesPerRun), '--interval-ms', String(pieceIntervalMs)],
      ...(flags['sqlite-file'] ? ['--sqlite-file'] : []),
    ],
    { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] },
  );
  const { url, floorUrl, sdkUrl } = await new Promise<ServerUrls>((resolve) =>
    child.once('message', (message) => resolve(message as ServerUrls)),
  );
  const pid = child.pid!;
  const idealSeconds = (piecesPerRun * pieceIntervalMs) / 1000;
  console.log(`server pid ${pid} at ${url}, floor at ${floorUrl}, sdk at ${sdkUrl}`);
  console.log(
    `${piecesPerRun} pieces per run, one every ${pieceIntervalMs} ms; the app's store ` +
      (flags['sqlite-file'] ? 'in a SQLite file' : 'in memory'),
  );
  const idleRssMb = readMemory(pid).rssMb;
  const newThread = async () =>
    ((await postJson(`${url}/api/threads`, {})) as { thread: { id: string } }).thread.id;
  // The goal is stated against this: the same run through the app with nothing else going on (timers
  // fire a little late even then, so it lasts a little more than the model's schedule).
  const unloadedSeconds: number[] = [];
  for (let index = 0; index < unloadedRuns; index += 1) {
    const startedAt = performance.now();
    await measureRun({ url, threadId: await newThread(), index: -1 - index });
    unloadedSeconds.push((performance.now() - startedAt) / 1000);
  }
  const unloaded = median(unloadedSeconds);
  console.log(
    `idle server RSS ${idleRssMb.toFixed(0)} MB; an unloaded run lasts ${unloaded.toFixed(2)} s through the app ` +
      `(median of ${unloadedRuns}, one at a time; the model's schedule alone is ${idealSeconds} s)\n`,
  );
  console.log(
    'what  | runs | events   | events/s | p50 ms | p99 ms | max ms | start ms | loop p99 ms | peak RSS | VmHWM  | wall s | cpu s | µs/evt',
  );
  console.log(
    '----- | ---- | -------- | -------- | ------ | ------ | ------ | -------- | ----------- | -------- | ------ | ------ | ----- | ------',
  );
  const askChild = <Reply>(message: string) =>
    new Promise<Reply>((resolve) => {
      child.once('message', (reply) => resolve(reply as Reply));
      child.send(message);
    });
  const repeat = Number(flags.repeat);
  for (const runCount of runCounts) {
    const rounds: RowResult[][] = [];
    // With --repeat, the three rows take turns round after round, so a slow stretch of the machine falls on
    // all of them; the medians follow the rounds.
    for (let round = 0; round < repeat; round += 1) {
      const row = async (label: string, startRun: (index: number) => Promise<RunMeasurement>) => {
        const result = await measureRow({ label, runCount, pid, askChild, startRun });
        printRow(result);
        return result;
      };
      const floor = await row('floor', (index) => measureRun({ url: floorUrl, threadId: 'floor', index }));
      const sdk = await row('sdk', (index) => measureRun({ url: sdkUrl, threadId: 'floor', index }));
      const threadIds = await Promise.all(Array.from({ length: runCount }, newThread));
      const app = await row('app', (index) => measureRun({ url, threadId: threadIds[index]!, index }));
      rounds.push([floor, sdk, app]);
    }
    // One round is the count's result; several are summed up by their medians, printed and read by the goal.
    const results =
      repeat > 1 ? [0, 1, 2].map((row) => medianRow(rounds.map((round) => round[row]!))) : rounds[0]!;
    if (repeat > 1) {
      console.log(`median of ${repeat} rounds of ${runCount} runs:`);
      for (const result of results) printRow(result);
    }
    printGoal({ app: results[2]!, floor: results[0]!, unloadedSeconds: unloaded });
  }
  child.kill('SIGTERM');
}

if (flags.serve) await serveInChild();
else await main();
