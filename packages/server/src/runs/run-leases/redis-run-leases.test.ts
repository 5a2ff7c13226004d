import { Redis } from 'ioredis';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { openTestStorage } from '../../../../../test-support/open-test-storage.ts';
import { openRedisConnections, type RedisConnections } from '../../redis/redis-connections.ts';
import type { Storage } from '../../store/open-storage.ts';
import { manualClock } from '../../testing/manual-clock.ts';
import { RedisRunLeases } from './redis-run-leases.ts';

const opened: { close(): Promise<void> }[] = [];
afterEach(async () => {
  for (const resource of opened.splice(0).reverse()) await resource.close();
});

async function storage(clock: ReturnType<typeof manualClock>): Promise<Storage> {
  const opening = await openTestStorage({ dialect: 'sqlite', clock: clock.now });
  opened.push(opening);
  return opening;
}

async function connections(): Promise<RedisConnections> {
  const connecting = await openRedisConnections({ url: inject('redisUrl'), logError: () => {} });
  opened.push(connecting);
  return connecting;
}

/** A separate connection for looking at the keys as an operator would. */
async function inspector(): Promise<Redis> {
  const redis = new Redis(inject('redisUrl'), { lazyConnect: true });
  await redis.connect();
  opened.push({ close: async () => void (await redis.quit()) });
  return redis;
}

describe('RedisRunLeases', () => {
  it('keeps the lease on Redis with a time-to-live, renews it for its holder only, and releases it', async () => {
    const clock = manualClock();
    const { store } = await storage(clock);
    const { commands } = await connections();
    const holder = new RedisRunLeases({
      redis: commands,
      store,
      instanceId: 'A',
      leaseMs: 30_000,
      clock: clock.now,
    });
    const other = new RedisRunLeases({
      redis: commands,
      store,
      instanceId: 'B',
      leaseMs: 30_000,
      clock: clock.now,
    });
    const runId = `run-${crypto.randomUUID()}`;
    const key = `drawbridge:run:${runId}:lease`;
    const redis = await inspector();

    expect(holder.initialLease()).toEqual({ instanceId: 'A', expiresAt: '2026-12-01T09:00:30.000Z' });
    expect(await holder.renew(runId)).toBe(true);
    expect(await redis.get(key)).toBe('A');
    const ttl = await redis.pttl(key);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(30_000);
    expect(await other.renew(runId)).toBe(false);
    await other.release(runId);
    expect(await redis.get(key)).toBe('A');
    expect(await holder.renew(runId)).toBe(true);

    await holder.release(runId);
    expect(await redis.exists(key)).toBe(0);
  });

  it('takes a lapsed lease for the sweep, so the stalled holder learns at its next renewal that it lost the run', async () => {
    const clock = manualClock();
    const { store } = await storage(clock);
    await store.createThread({ id: 't' });
    const { commands } = await connections();
    const holder = new RedisRunLeases({
      redis: commands,
      store,
      instanceId: 'A',
      leaseMs: 10_000,
      clock: clock.now,
    });
    const sweeper = new RedisRunLeases({
      redis: commands,
      store,
      instanceId: 'B',
      leaseMs: 10_000,
      clock: clock.now,
    });
    const runId = `run-${crypto.randomUUID()}`;
    await store.startRun({ id: runId, threadId: 't', model: 'demo', lease: holder.initialLease() });
    // The holder never renewed (as if it stalled from the start); past the record's lease the sweep looks.
    clock.advance(10_001);

    expect((await sweeper.interruptExpired({ now: clock.now().toISOString() })).map((run) => run.id)).toEqual(
      [runId],
    );
    expect(await store.getRun(runId)).toMatchObject({ status: 'interrupted' });
    expect(await holder.renew(runId)).toBe(false);
    const redis = await inspector();
    expect(await redis.get(`drawbridge:run:${runId}:lease`)).toBe('!interrupted');
  });

  it('trusts an absent lease only once its connection has been up for a whole lease, and not while it is down', async () => {
    const clock = manualClock();
    const { store } = await storage(clock);
    await store.createThread({ id: 't' });
    await store.createThread({ id: 't2' });
    const sweeping = await connections();
    const sweeper = new RedisRunLeases({
      redis: sweeping.commands,
      store,
      instanceId: 'B',
      leaseMs: 10_000,
      clock: clock.now,
    });
    // Runs whose record lease already lapsed and whose Redis lease is absent: a dead holder, or Redis came
    // back empty and their holders have not renewed yet. Only time tells which.
    const lapsed = () => ({ instanceId: 'A', expiresAt: new Date(clock.now().getTime() - 1).toISOString() });
    const first = `run-${crypto.randomUUID()}`;
    await store.startRun({ id: first, threadId: 't', model: 'demo', lease: lapsed() });
    const sweep = async () =>
      (await sweeper.interruptExpired({ now: clock.now().toISOString() })).map((run) => run.id);

    clock.advance(9_999);
    expect(await sweep()).toEqual([]);

    // A reconnect starts the patience again.
    const reconnected = new Promise((resolve) => sweeping.commands.once('ready', resolve));
    sweeping.commands.disconnect(true);
    await reconnected;
    clock.advance(9_999);
    expect(await sweep()).toEqual([]);
    expect(await store.getRun(first)).toMatchObject({ status: 'running' });
    clock.advance(1);
    expect(await sweep()).toEqual([first]);

    // While Redis cannot be reached nothing is interrupted, and the sweep does not fail over and over.
    const second = `run-${crypto.randomUUID()}`;
    await store.startRun({ id: second, threadId: 't2', model: 'demo', lease: lapsed() });
    const ended = new Promise((resolve) => sweeping.commands.once('end', resolve));
    sweeping.commands.disconnect();
    await ended;
    clock.advance(60_000);
    expect(await sweep()).toEqual([]);
    expect(await store.getRun(second)).toMatchObject({ status: 'running' });
  });
});
