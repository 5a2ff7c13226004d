/**
 * A Redis outage must not hide lost events. Two `drawbridge serve` instances on one PostgreSQL and one Redis
 * (both throwaway); per round a widget reply streams on instance A (the demo model, paced) with two followers:
 * the response that started it (on A) and `GET /api/runs/:id/events` on B. Mid-widget Redis is killed with
 * SIGKILL and started again, empty, on the same port `--outage` ms later. Each follower reads as the web client
 * does: a stream that ends without the run's final event is followed again after the last seq it took in.
 * A row per follower: the markup characters it received, those the thread holds once the run ended, how often
 * it reconnected, the gaps in seq it was sent (must be 0), and whether it got the run's final event.
 * Run: npx tsx bench/fault-redis.ts [--rounds 5] [--outage 5000] [--pace 120]
 */
import type { ChildProcess } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import { createSeededRandom, isFinalRunEvent, type SequencedRunEvent } from '@drawbridge/protocol';
import pg from 'pg';
import {
  followRun,
  postRun,
  type RunStreamReader,
  runIdOf,
} from '../packages/server/src/testing/run-stream-reader.ts';
import { spawnInstance } from '../packages/server/src/testing/spawn-instance.ts';
import { startThrowawayPostgres } from '../test-support/throwaway-postgres.ts';
import { startThrowawayRedis } from '../test-support/throwaway-redis.ts';
import { markupOf, storedMarkup } from './support/widget-markup.ts';

const { values } = parseArgs({
  options: {
    rounds: { type: 'string', default: '5' },
    outage: { type: 'string', default: '5000' },
    pace: { type: 'string', default: '120' },
  },
});
const rounds = Number(values.rounds);
const outageMs = Number(values.outage);
const random = createSeededRandom(35);

/** One follower as the web client is one: every connection's events in order, resumed after the last seq. */
interface Follower {
  name: string;
  events: SequencedRunEvent[];
  reconnects: number;
  /** Times a connection sent a seq other than the one after the last taken in. */
  gaps: number;
  finished: Promise<boolean>;
}

function follow({
  name,
  first,
  resume,
}: {
  name: string;
  first: RunStreamReader;
  resume(after: number): Promise<RunStreamReader>;
}): Follower {
  const follower: Follower = { name, events: [], reconnects: 0, gaps: 0, finished: Promise.resolve(false) };
  follower.finished = (async () => {
    let connection = first;
    for (let attempt = 0; attempt < 40; attempt += 1) {
      let taken = 0;
      await connection.finished;
      for (const item of connection.events) {
        const last = follower.events.at(-1)?.seq ?? 0;
        if (item.seq === undefined || item.seq <= last) continue;
        if (item.seq !== last + 1) follower.gaps += 1;
        follower.events.push(item);
        taken += 1;
        if (isFinalRunEvent(item.event)) return true;
      }
      // The web client's backoff, short: a connection that brought nothing waits longer.
      await sleep(taken > 0 ? 200 : 1_000);
      follower.reconnects += 1;
      connection = await resume(follower.events.at(-1)?.seq ?? 0).catch(() => connection);
    }
    return false;
  })();
  return follower;
}

const postgres = await startThrowawayPostgres();
let redis = await startThrowawayRedis();
const children: ChildProcess[] = [];
let everyFollowerWhole = true;
try {
  const admin = new pg.Client({ connectionString: postgres.adminUrl });
  await admin.connect();
  await admin.query('CREATE DATABASE fault_redis');
  await admin.end();
  const databaseUrl = new URL(postgres.adminUrl);
  databaseUrl.pathname = '/fault_redis';
  const env = {
    DRAWBRIDGE_DATABASE_URL: databaseUrl.toString(),
    DRAWBRIDGE_REDIS_URL: redis.url,
    DRAWBRIDGE_DEMO_PACE: values.pace,
  };
  const a = await spawnInstance(env);
  children.push(a.child);
  const b = await spawnInstance(env);
  children.push(b.child);
  console.log(`\n${rounds} rounds: Redis killed mid-widget, back empty ${outageMs} ms later\n`);
  console.log('round | follower     | received | stored | reconnects | gaps sent | finished | match');
  console.log('----- | ------------ | -------- | ------ | ---------- | --------- | -------- | -----');
  for (let round = 1; round <= rounds; round += 1) {
    const thread = await (await fetch(`${a.url}/api/threads`, { method: 'POST' })).json();
    const threadId: string = thread.thread.id;
    const starter = await postRun({ url: a.url, threadId, text: 'a request flow diagram' });
    const runId = await runIdOf(starter);
    const followers = [
      follow({
        name: 'response (A)',
        first: starter,
        resume: (after) => followRun({ url: a.url, runId, after }),
      }),
      follow({
        name: 'events (B)',
        first: await followRun({ url: b.url, runId, after: 0 }),
        resume: (after) => followRun({ url: b.url, runId, after }),
      }),
    ];
    const threshold = 200 + Math.floor(random() * 1_000);
    await starter.waitFor(() => markupOf(starter.events).length >= threshold);
    await redis.kill();
    await sleep(outageMs);
    redis = await startThrowawayRedis({ port: redis.port });
    const finished = await Promise.all(followers.map((follower) => follower.finished));
    const stored = await storedMarkup(b.url, threadId);
    for (const [index, follower] of followers.entries()) {
      const received = markupOf(follower.events);
      const whole = finished[index] === true && follower.gaps === 0 && received === stored;
      everyFollowerWhole &&= whole;
      console.log(
        [
          String(round).padStart(5),
          follower.name.padEnd(12),
          String(received.length).padStart(8),
          String(stored.length).padStart(6),
          String(follower.reconnects).padStart(10),
          String(follower.gaps).padStart(9),
          (finished[index] ? 'yes' : 'NO').padStart(8),
          (received === stored ? 'yes' : 'NO').padStart(5),
        ].join(' | '),
      );
    }
  }
} finally {
  for (const child of children) child.kill('SIGKILL');
  await redis.stop();
  await postgres.stop();
}
console.log(
  `\nevery follower received the whole stored widget, with no gap: ${everyFollowerWhole ? 'yes' : 'NO'}`,
);
if (!everyFollowerWhole) process.exitCode = 1;
