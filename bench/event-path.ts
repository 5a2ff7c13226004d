/**
 * What a streamed model piece costs on our own path, in one process and without sockets: N runs at once, each
 * reading `--pieces` prose pieces from a model paced by timers (as bench/stream.ts's is), through `runAgent`
 * (step loop, widget parser, assembler), the in-process run log and one follower's `writeEventStream`, into a
 * sink that only counts bytes. Row `model` reads the same model's stream and nothing else, so `path − model`
 * is what our layers add per piece. A timer-paced loop costs far more per piece than a busy one (every piece
 * is a wake-up with cold caches), so compare rows of one invocation, not numbers across machines.
 * Each row is repeated `--rounds` times; the first rounds warm the JIT, and the median of the rest is printed.
 * Run: npx tsx bench/event-path.ts [--runs 1000] [--pieces 100] [--interval-ms 20] [--rounds 6]
 */
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { runAgent } from '../packages/server/src/agent/run-agent.ts';
import { pacedTestModel } from '../packages/server/src/models/testing/test-models.ts';
import { InProcessRunLog } from '../packages/server/src/runs/run-log/in-process-run-log.ts';
import { writeEventStream } from '../packages/server/src/transport/write-event-stream.ts';
import { median } from './support/statistics.ts';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '1000' },
    pieces: { type: 'string', default: '100' },
    'interval-ms': { type: 'string', default: '20' },
    rounds: { type: 'string', default: '6' },
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

const log = new InProcessRunLog();
let bytesWritten = 0;
let runsStarted = 0;

/** One run as the server runs it, minus the store and the socket: model → runAgent → run log → follower. */
async function runThroughPath(): Promise<void> {
  runsStarted += 1;
  const runId = `run-${runsStarted}`;
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
      produce: (emit, signal) =>
        log.follow({ runId, after: 0, signal, onEvent: ({ seq, event }) => emit(event, seq) }),
    }),
  );
  await runAgent({
    model: { model: pacedModel(), id: 'bench:paced', demo: false },
    system: 'bench',
    history: [{ role: 'user', content: 'stream please' }],
    abortSignal: requestAbort.signal,
    threadId: 'bench',
    runId,
    owner: { userId: 'bench', isAdmin: false },
    emit: (event) => writer.append(event),
    onMessageGrowth: () => {},
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
  `${runCount} runs at once, ${pieces} pieces each, one every ${intervalMs} ms; ${rounds} rounds\n`,
);
console.log('what  | wall s | cpu µs/piece | min µs');
console.log('----- | ------ | ------------ | ------');
await measureRow('model', readModelOnly);
await measureRow('path', runThroughPath);
if (bytesWritten === 0) throw new Error('the path wrote nothing');
