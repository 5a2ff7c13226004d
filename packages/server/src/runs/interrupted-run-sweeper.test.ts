import { EventType, type RunEvent, runEvents } from '@drawbridge/protocol';
import { Redis } from 'ioredis';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { createPostgresTestDatabase } from '../../../../test-support/postgres-test-database.ts';
import { openRedisConnections } from '../redis/redis-connections.ts';
import { openStorage } from '../store/open-storage.ts';
import { manualClock } from '../testing/manual-clock.ts';
import { type InterruptedRunSweeper, startInterruptedRunSweeper } from './interrupted-run-sweeper.ts';
import { RedisRunLeases } from './run-leases/redis-run-leases.ts';
import { DurableRunLog } from './run-log/durable-run-log.ts';
import { RedisRunLog } from './run-log/redis-run-log.ts';
import type { RunLog } from './run-log/run-log.ts';

const opened: { close(): Promise<void> }[] = [];
afterEach(async () => {
  for (const resource of opened.splice(0).reverse()) await resource.close();
});

const leaseMs = 10_000;

/** One instance of a deployment: its own database pool and Redis connections, its sweeper. */
async function instance({
  databaseUrl,
  clock,
}: {
  databaseUrl: string;
  clock: ReturnType<typeof manualClock>;
}) {
  const storage = await openStorage({
    location: { dialect: 'postgres', url: databaseUrl },
    clock: clock.now,
  });
  opened.push(storage);
  const connections = await openRedisConnections({ url: inject('redisUrl'), logError: () => {} });
  opened.push(connections);
  const redis = connections.commands;
  const leases = new RedisRunLeases({
    redis,
    store: storage.store,
    instanceId: crypto.randomUUID(),
    leaseMs,
    clock: clock.now,
  });
  const log = new DurableRunLog({
    store: storage.store,
    live: new RedisRunLog({ redis, subscriptions: connections.subscriptions, logError: () => {} }),
    logError: () => {},
  });
  opened.push(log);
  const sweeper: InterruptedRunSweeper = startInterruptedRunSweeper({
    store: storage.store,
    leases,
    log,
    clock: clock.now,
    // Longer than the test: it sweeps when the test says so.
    intervalMs: 60 * 60_000,
    interruptAllAtStart: false,
    logError: (message, error) => {
      throw new Error(message, { cause: error });
    },
  });
  opened.push({ close: async () => sweeper.stop() });
  await sweeper.started;
  return { store: storage.store, redis, log, sweeper };
}

async function eventsOf(log: RunLog, runId: string) {
  const events: RunEvent[] = [];
  await log.follow({
    runId,
    after: 0,
    signal: AbortSignal.timeout(10_000),
    onEvent: ({ event }) => events.push(event),
  });
  return events;
}

describe('the sweepers of two instances, with leases on Redis', () => {
  it('interrupt each run whose lease lapsed exactly once, and leave live and finished runs alone', async () => {
    const clock = manualClock();
    const databaseUrl = await createPostgresTestDatabase();
    const a = await instance({ databaseUrl, clock });
    const b = await instance({ databaseUrl, clock });
    // The instance that dies: its leases last a tenth of a second once it stops renewing them.
    const dying = new RedisRunLeases({
      redis: a.redis,
      store: a.store,
      instanceId: 'dying',
      leaseMs: 100,
      clock: clock.now,
    });
    // The instance that lives: its lease outlasts the test, though its record's lease has long lapsed.
    const living = new RedisRunLeases({
      redis: a.redis,
      store: a.store,
      instanceId: 'living',
      leaseMs: 10 * 60_000,
      clock: clock.now,
    });
    const deadRunIds = Array.from({ length: 10 }, (_, index) => `dead-${index}`);
    for (const runId of [...deadRunIds, 'alive', 'done']) {
      await a.store.createThread({ id: `thread-of-${runId}` });
      const lease =
        runId === 'alive' ? { instanceId: 'living', expiresAt: clock.at(-1) } : dying.initialLease();
      await a.store.startRun({ id: runId, threadId: `thread-of-${runId}`, model: 'demo', lease });
      expect(await (runId === 'alive' ? living : dying).renew(runId)).toBe(true);
      const writer = a.log.create(runId);
      writer.append(runEvents.runStarted({ threadId: `thread-of-${runId}`, runId }));
      await writer.flushed();
    }
    // Finished on the dying instance just before it died, its lease left to expire rather than released.
    await a.store.finishRun('done', { status: 'finished' });
    const inspector = new Redis(inject('redisUrl'), { lazyConnect: true });
    await inspector.connect();
    opened.push({ close: async () => void (await inspector.quit()) });
    const dyingKeys = [...deadRunIds, 'done'].map((runId) => `drawbridge:run:${runId}:lease`);
    await expect.poll(() => inspector.exists(...dyingKeys), { timeout: 10_000 }).toBe(0);
    // Past the records' leases and past one lease since both sweepers connected.
    clock.advance(leaseMs);

    const [byA, byB] = await Promise.all([a.sweeper.sweep(), b.sweeper.sweep()]);

    const swept = [...byA, ...byB].map((run) => run.id);
    expect(swept.toSorted()).toEqual(deadRunIds.toSorted());
    for (const runId of deadRunIds) {
      expect(await b.store.getRun(runId)).toMatchObject({ status: 'interrupted', endedAt: clock.at(0) });
      expect((await eventsOf(b.log, runId)).map((event) => event.type)).toEqual([
        EventType.RUN_STARTED,
        EventType.RUN_ERROR,
      ]);
    }
    expect(await b.store.getRun('alive')).toMatchObject({ status: 'running', endedAt: null });
    expect(await b.store.getRun('done')).toMatchObject({ status: 'finished' });
    expect(await Promise.all([a.sweeper.sweep(), b.sweeper.sweep()])).toEqual([[], []]);
    // A holder that only stalled learns it lost its runs; the live one keeps its lease.
    expect(await dying.renew('dead-0')).toBe(false);
    expect(await living.renew('alive')).toBe(true);
  });
});
