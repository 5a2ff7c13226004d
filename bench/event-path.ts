/**
 * What a streamed model piece costs on our own path, in one process and without sockets: N runs at once, each
 * reading `--pieces` prose pieces from a model paced by timers (as bench/stream.ts's is), through `runAgent`
 * (step loop, widget parser, assembler, the reply reducer), the run log and one follower's `writeEventStream`,
 * into a sink that only counts bytes. Row `path` is the server's run log: every event stored first (each
 * tick's events of every run in one transaction, on SQLite in memory, or in a file with `--sqlite-file`),
 * then handed to the in-process live log; row `live` hands them to the live log without storing them, so
 * `path − live` is what durability costs. Row `model` reads the same model's stream and nothing else, so
 * `path − model` is what our layers add per piece. A timer-paced loop costs far more per piece than a busy one (every piece
 * is a wake-up with cold caches), so compare rows of one invocation, not numbers across machines.
 * Each row is repeated `--rounds` times; the first rounds warm the JIT, and the median of the rest is printed.
 * Run: npx tsx bench/event-path.ts [--runs 1000] [--pieces 100] [--interval-ms 20] [--rounds 6] [--sqlite-file]
 */

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import type { RunEvent } from '@drawbridge/protocol';
import { runAgent } from '../packages/server/src/agent/run-agent.ts';
import { pacedTestModel } from '../packages/server/src/models/testing/test-models.ts';
import { DurableRunLog } from '../packages/server/src/runs/run-log/durable-run-log.ts';
import { InProcessRunLog } from '../packages/server/src/runs/run-log/in-process-run-log.ts';
import type { FollowRunLogOptions } from '../packages/server/src/runs/run-log/run-log.ts';
import { openSqliteStore } from '../packages/server/src/store/open-sqlite-store.ts';
import { writeEventStream } from '../packages/server/src/transport/write-event-stream.ts';
import { median } from './support/statistics.ts';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '1000' },
    pieces: { type: 'string', default: '100' },
    'interval-ms': { type: 'string', default: '20' },
    rounds: { type: 'string', default: '6' },
    'sqlite-file': { type: 'boolean', default: false },
  },
});
const runCount = Number(values.runs);
const pieces = Number(values.pieces);
const intervalMs = Number(values['interval-ms']);
const rounds = Number(values.rounds);
// Rounds that only warm the JIT and are left out of the median.
const warmUpRounds = Math.min(2, rounds - 1);

/** Pieces shaped like bench/stream.ts's, on its schedule. */
const pacedModel = () =>
  pacedTestModel({
    pieces,
    intervalMs,
    piece: () => `[[t=${performance.now().toFixed(3)}]] lorem ipsum `,
  }).model;

async function readModelOnly(): Promise<void> {
  const { stream } = await pacedModel().doStream({ prompt: [] });
  const reader = stream.getReader();
  for (let read = await reader.read(); !read.done; read = await reader.read()) {
    // Only reading: this row is the model's own cost.
  }
}

let bytesWritten = 0;
let runsStarted = 0;

/** The live log alone, and the run log as the server has it: stored first, then live. */
const live = new InProcessRunLog();
const folder = values['sqlite-file'] ? mkdtempSync(join(tmpdir(), 'drawbridge-bench-')) : undefined;
const store = await openSqliteStore({ path: folder === undefined ? ':memory:' : join(folder, 'bench.db') });
const durable = new DurableRunLog({
  store,
  live: new InProcessRunLog(),
  logError: (message) => console.error(message),
});

/** A run log's writer and follow, as the path below uses them. */
interface PathLog {
  create(runId: string): { append(event: RunEvent): void };
  follow(options: FollowRunLogOptions): Promise<unknown>;
}

const liveOnly: PathLog = {
  create: (runId) => {
    const writer = live.create(runId);
    let seq = 0;
    return { append: (event) => writer.append({ seq: ++seq, event }) };
  },
  follow: (options) => live.follow(options),
};

/** One run as the server runs it, minus the socket: model → runAgent → run log → follower. */
async function runThroughPath(log: PathLog): Promise<void> {
  runsStarted += 1;
  const runId = `run-${runsStarted}`;
  const threadId = `thread-${runsStarted}`;
  // Every row makes the run's record, as the server does before a run starts; the stored log keys on it.
  await store.createThread({ id: threadId });
  await store.startRun({ id: runId, threadId, model: 'bench:paced' });
  const writer = log.create(runId);
  const requestAbort = new AbortController();
  const followed = new Promise<void>((resolve) =>
    writeEventStream({
      sink: {
        write: (text) => {
          bytesWritten += text.length;
        },
        end: () => resolve(),
        onClosed: () => {},
      },
      format: 'ndjson',
      heartbeatIntervalMs: 10_000,
      now: Date.now,
      requestSignal: requestAbort.signal,
      reportError: (error) => console.error(error),
      produce: async (emit, signal) => {
        await log.follow({
          runId,
          after: 0,
          signal,
          onEvent: ({ seq, event, json }) => emit(event, seq, json),
        });
      },
    }),
  );
  await runAgent({
    model: { model: pacedModel(), id: 'bench:paced', demo: false },
    system: 'bench',
    history: [{ role: 'user', content: 'stream please' }],
    abortSignal: requestAbort.signal,
    threadId,
    runId,
    owner: { userId: 'bench', isAdmin: false },
    emit: (event) => writer.append(event),
  });
  await followed;
}

async function measureRow(label: string, run: () => Promise<void>): Promise<void> {
  const perPieceUs: number[] = [];
  const wallSeconds: number[] = [];
  for (let round = 0; round < rounds; round += 1) {
    const startedAt = performance.now();
    const cpuBefore = process.cpuUsage();
    await Promise.all(Array.from({ length: runCount }, run));
    const cpu = process.cpuUsage(cpuBefore);
    if (round < warmUpRounds) continue;
    perPieceUs.push((cpu.user + cpu.system) / (runCount * pieces));
    wallSeconds.push((performance.now() - startedAt) / 1000);
  }
  console.log(
    [
      label.padEnd(5),
      median(wallSeconds).toFixed(2).padStart(6),
      median(perPieceUs).toFixed(2).padStart(12),
      Math.min(...perPieceUs)
        .toFixed(2)
        .padStart(9),
    ].join(' | '),
  );
}

console.log(
  `${runCount} runs at once, ${pieces} pieces each, one every ${intervalMs} ms; ${rounds} rounds; ` +
    `the run log stored in SQLite ${folder === undefined ? 'in memory' : 'in a file'}\n`,
);
console.log('what  | wall s | cpu µs/piece | min µs');
console.log('----- | ------ | ------------ | ------');
await measureRow('model', readModelOnly);
await measureRow('live', () => runThroughPath(liveOnly));
await measureRow('path', () => runThroughPath(durable));
await durable.close();
await store.close();
if (folder !== undefined) rmSync(folder, { recursive: true, force: true });
if (bytesWritten === 0) throw new Error('the path wrote nothing');
