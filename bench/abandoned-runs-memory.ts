/**
 * What finished runs leave in memory: `drawbridge serve` (SQLite file, the demo model) in a child process, N
 * runs started over `POST /api/agent`, each client gone as soon as its run began (the run goes on without it),
 * then nothing. Prints the server's RSS idle (after one warm-up run), at its peak, when the last run ended,
 * and `--after` seconds later; the goal is the last within 100 MB of idle: an ended run is read from the
 * store, and nothing of it may stay in the process.
 * Run: npx tsx bench/abandoned-runs-memory.ts [--runs 1000] [--concurrency 100] [--pace 400] [--after 60]
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import { isFinalRunEvent } from '@drawbridge/protocol';
import { postRun, runIdOf } from '../packages/server/src/testing/run-stream-reader.ts';
import { spawnInstance } from '../packages/server/src/testing/spawn-instance.ts';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '1000' },
    concurrency: { type: 'string', default: '100' },
    pace: { type: 'string', default: '400' },
    after: { type: 'string', default: '60' },
  },
});
const runCount = Number(values.runs);
const concurrency = Number(values.concurrency);
const afterSeconds = Number(values.after);

/** The child's resident set, from the kernel (Linux). */
function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kilobytes = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kilobytes / 1024;
}

async function createThread(url: string): Promise<string> {
  const response = await fetch(`${url}/api/threads`, { method: 'POST' });
  return ((await response.json()) as { thread: { id: string } }).thread.id;
}

/** Starts a run and drops its connection as soon as the run has an id; resolves with that id. */
async function abandonRun(url: string): Promise<string> {
  const run = await postRun({ url, threadId: await createThread(url), text: 'a request flow diagram' });
  const runId = await runIdOf(run);
  run.disconnect();
  return runId;
}

async function runStatus(url: string, runId: string): Promise<string> {
  const response = await fetch(`${url}/api/runs/${runId}`);
  return ((await response.json()) as { run: { status: string } }).run.status;
}

const folder = mkdtempSync(join(tmpdir(), 'drawbridge-abandoned-runs-'));
const server = await spawnInstance({
  DRAWBRIDGE_DB: join(folder, 'drawbridge.db'),
  DRAWBRIDGE_DEMO_PACE: values.pace,
});
const pid = server.child.pid ?? 0;
try {
  // One run to the end first, so the idle figure holds every module a run loads.
  const warmUp = await postRun({ url: server.url, threadId: await createThread(server.url), text: 'hello' });
  await warmUp.waitFor((item) => isFinalRunEvent(item.event));
  await sleep(2_000);
  const idle = rssMb(pid);
  let peak = idle;
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssMb(pid));
  }, 100);

  const startedAt = performance.now();
  const runIds: string[] = [];
  for (let started = 0; started < runCount; started += concurrency) {
    const wave = Math.min(concurrency, runCount - started);
    runIds.push(...(await Promise.all(Array.from({ length: wave }, () => abandonRun(server.url)))));
  }
  const statuses = new Map<string, number>();
  for (const runId of runIds) {
    for (;;) {
      const status = await runStatus(server.url, runId);
      if (status !== 'running') {
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
        break;
      }
      await sleep(500);
    }
  }
  const endedAfterS = (performance.now() - startedAt) / 1000;
  const atEnd = rssMb(pid);
  await sleep(afterSeconds * 1000);
  clearInterval(sampler);
  const later = rssMb(pid);

  const row = (label: string, mb: number) =>
    console.log(`${label.padEnd(34)} ${mb.toFixed(0).padStart(6)} MB`);
  console.log(
    `\n${runCount} runs abandoned as they began (${concurrency} at a time, demo at ${values.pace} tokens/s)`,
  );
  console.log(
    `ended: ${[...statuses].map(([status, count]) => `${count} ${status}`).join(', ')} after ${endedAfterS.toFixed(0)} s\n`,
  );
  row('RSS idle', idle);
  row('RSS peak', peak);
  row('RSS as the last run ended', atEnd);
  row(`RSS ${afterSeconds} s later`, later);
  row('  above idle', later - idle);
  console.log(`\nback within 100 MB of idle: ${later - idle <= 100 ? 'yes' : 'NO'}`);
  if (later - idle > 100) process.exitCode = 1;
} finally {
  server.child.kill('SIGKILL');
  rmSync(folder, { recursive: true, force: true });
}
