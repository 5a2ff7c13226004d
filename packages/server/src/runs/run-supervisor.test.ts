import { runEvents } from '@drawbridge/protocol';
import { Redis } from 'ioredis';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { openSqliteStore } from '../store/open-sqlite-store.ts';
import { RedisRunLeases } from './run-leases/redis-run-leases.ts';
import { DurableRunLog } from './run-log/durable-run-log.ts';
import { InProcessRunLog } from './run-log/in-process-run-log.ts';
import { RunRegistry } from './run-registry.ts';
import { InProcessRunSignals } from './run-signals/in-process-run-signals.ts';
import { RunStop } from './run-stop.ts';
import { RunSupervisor } from './run-supervisor.ts';

const opened: { close(): Promise<void> }[] = [];
afterEach(async () => {
  for (const resource of opened.splice(0).reverse()) await resource.close();
});

async function connect(): Promise<Redis> {
  const redis = new Redis(inject('redisUrl'), { lazyConnect: true, maxRetriesPerRequest: 1 });
  redis.on('error', () => {});
  await redis.connect();
  opened.push({ close: async () => void (await redis.quit().catch(() => undefined)) });
  return redis;
}

/** A supervisor whose leases live on Redis, and a run it executes until the test ends it or it is stopped. */
async function supervising({ leaseMs, logError = () => {} }: { leaseMs: number; logError?: () => void }) {
  const store = await openSqliteStore({ path: ':memory:' });
  opened.push(store);
  const redis = await connect();
  const instanceId = crypto.randomUUID();
  const leases = new RedisRunLeases({ redis, store, instanceId, leaseMs, clock: () => new Date() });
  const runs = new RunRegistry();
  const supervisor = new RunSupervisor({
    leases,
    log: new DurableRunLog({ store, live: new InProcessRunLog(), logError }),
    signals: new InProcessRunSignals(),
    logError,
    runs,
  });
  opened.push({ close: () => supervisor.shutdown() });
  const runId = `run-${crypto.randomUUID()}`;
  let finish = () => {};
  const stopped = new Promise<unknown>((resolve) => {
    supervisor.launch({
      runId,
      produceEvents: async ({ emit, abortSignal }) => {
        emit(runEvents.runStarted({ threadId: 't', runId }));
        await new Promise<void>((ended) => {
          finish = ended;
          abortSignal.addEventListener('abort', () => ended(), { once: true });
        });
        resolve(abortSignal.reason);
        emit(runEvents.runFinished({ threadId: 't', runId }));
      },
    });
  });
  return {
    redis,
    instanceId,
    runs,
    runId,
    key: `drawbridge:run:${runId}:lease`,
    finish: () => finish(),
    stopped,
  };
}

describe('RunSupervisor with leases on Redis', () => {
  it('renews the lease while the run goes on and releases it when the run ends', async () => {
    const run = await supervising({ leaseMs: 1_500 });
    const inspector = await connect();
    await expect.poll(() => inspector.get(run.key), { timeout: 10_000 }).toBe(run.instanceId);
    run.finish();
    expect(await run.stopped).toBeUndefined();
    await run.runs.settled();
    expect(await inspector.exists(run.key)).toBe(0);
  });

  it('stops the run as interrupted at the renewal after a sweep took its lease', async () => {
    const run = await supervising({ leaseMs: 600 });
    const inspector = await connect();
    await expect.poll(() => inspector.get(run.key), { timeout: 10_000 }).toBe(run.instanceId);
    // What a sweep of another instance does with a lease it found lapsed.
    await inspector.set(run.key, '!interrupted', 'PX', 60_000);
    const reason = await run.stopped;
    expect(reason).toBeInstanceOf(RunStop);
    expect((reason as RunStop).stopCause).toBe('interrupted');
    await run.runs.settled();
    expect(await inspector.get(run.key)).toBe('!interrupted');
  });

  it('goes on while renewals fail, and takes its lease again once Redis answers', async () => {
    let failures = 0;
    let failedTwice = () => {};
    const twoFailures = new Promise<void>((resolve) => {
      failedTwice = resolve;
    });
    const run = await supervising({
      leaseMs: 600,
      logError: () => {
        failures += 1;
        if (failures === 2) failedTwice();
      },
    });
    const inspector = await connect();
    await expect.poll(() => inspector.get(run.key), { timeout: 10_000 }).toBe(run.instanceId);
    const ended = new Promise((resolve) => run.redis.once('end', resolve));
    run.redis.disconnect();
    await ended;
    await twoFailures;
    // The lease lapsed meanwhile (nobody swept it); the run itself was not stopped.
    await expect.poll(() => inspector.exists(run.key), { timeout: 10_000 }).toBe(0);
    await run.redis.connect();
    await expect.poll(() => inspector.get(run.key), { timeout: 10_000 }).toBe(run.instanceId);
    run.finish();
    expect(await run.stopped).toBeUndefined();
  });
});
