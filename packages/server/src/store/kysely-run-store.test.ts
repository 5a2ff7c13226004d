import { describe, expect, it } from 'vitest';
import {
  openTestStorage,
  storageDialects,
  testStorageOpener,
} from '../../../../test-support/open-test-storage.ts';
import { createPostgresTestDatabase } from '../../../../test-support/postgres-test-database.ts';
import { manualClock } from '../testing/manual-clock.ts';
import { openDatabase } from './open-database.ts';
import { openKyselyStore } from './open-kysely-store.ts';
import { RunIdTakenError } from './run-id-taken-error.ts';
import { RunInProgressError } from './run-in-progress-error.ts';
import type { Store } from './store.ts';

describe.each(storageDialects)('durable run records on %s', (dialect) => {
  const freshStorage = testStorageOpener(dialect);

  async function storeWithThread(clock = manualClock()): Promise<Store> {
    const storage = await freshStorage({ clock: clock.now });
    await storage.store.createThread({ id: 't' });
    return storage.store;
  }

  it('allows one running run per thread and names the one in progress', async () => {
    const store = await storeWithThread();
    await store.createThread({ id: 'other' });
    await store.startRun({ id: 'r1', threadId: 't', model: 'demo' });
    const second = store.startRun({ id: 'r2', threadId: 't', model: 'demo' });
    await expect(second).rejects.toBeInstanceOf(RunInProgressError);
    await expect(second).rejects.toMatchObject({ code: 'run_in_progress', threadId: 't', runId: 'r1' });
    await store.startRun({ id: 'r3', threadId: 'other', model: 'demo' });
    expect((await store.runningRun('t'))?.id).toBe('r1');
    expect(await store.finishRun('r1', { status: 'finished' })).toBe(true);
    expect(await store.runningRun('t')).toBeUndefined();
    await store.startRun({ id: 'r4', threadId: 't', model: 'demo' });
    expect((await store.runningRun('t'))?.id).toBe('r4');
  });

  it("names a run by its client's runId, once per user, and the name goes with the run", async () => {
    const clock = manualClock();
    const store = await storeWithThread(clock);
    await store.createThread({ id: 'alice-1', userId: 'alice' });
    await store.createThread({ id: 'alice-2', userId: 'alice' });
    await store.createThread({ id: 'bob-1', userId: 'bob' });
    const named = (userId: string) => ({ userId, runId: 'client-run' });
    await store.startRun({ id: 'r1', threadId: 'alice-1', model: 'demo', clientRunId: named('alice') });
    expect(await store.findRunByClientId({ userId: 'alice', clientRunId: 'client-run' })).toMatchObject({
      id: 'r1',
      threadId: 'alice-1',
      status: 'running',
    });
    // Another user's name for a run is theirs alone; the same user's cannot name a second run.
    expect(await store.findRunByClientId({ userId: 'bob', clientRunId: 'client-run' })).toBeUndefined();
    await store.startRun({ id: 'r2', threadId: 'bob-1', model: 'demo', clientRunId: named('bob') });
    expect((await store.findRunByClientId({ userId: 'bob', clientRunId: 'client-run' }))?.id).toBe('r2');
    const taken = store.startRun({
      id: 'r3',
      threadId: 'alice-2',
      model: 'demo',
      clientRunId: named('alice'),
    });
    await expect(taken).rejects.toBeInstanceOf(RunIdTakenError);
    await expect(taken).rejects.toMatchObject({ code: 'run_id_taken', clientRunId: 'client-run' });
    // The refused start stored nothing: its thread is free for a run under another name.
    expect(await store.getRun('r3')).toBeUndefined();
    await store.startRun({
      id: 'r3',
      threadId: 'alice-2',
      model: 'demo',
      clientRunId: { userId: 'alice', runId: 'next' },
    });

    await store.finishRun('r1', { status: 'finished' });
    clock.advance(1000);
    expect(await store.pruneEndedRuns({ before: clock.now().toISOString() })).toBe(1);
    expect(await store.findRunByClientId({ userId: 'alice', clientRunId: 'client-run' })).toBeUndefined();
    expect(await store.deleteThread('bob-1')).toBe(true);
    expect(await store.findRunByClientId({ userId: 'bob', clientRunId: 'client-run' })).toBeUndefined();
  });

  it('lets one of two simultaneous starts under the same client runId win, in different threads', async () => {
    const store = await storeWithThread();
    await store.createThread({ id: 'other' });
    const outcomes = await Promise.allSettled(
      ['t', 'other'].map((threadId) =>
        store.startRun({
          id: `run-in-${threadId}`,
          threadId,
          model: 'demo',
          clientRunId: { userId: 'alice', runId: 'same' },
        }),
      ),
    );
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
    const refused = outcomes.find((outcome) => outcome.status === 'rejected') as PromiseRejectedResult;
    expect(refused.reason).toBeInstanceOf(RunIdTakenError);
    expect(await store.listRuns()).toHaveLength(1);
  });

  it('lets exactly one of two simultaneous starts in a thread win', async () => {
    const store = await storeWithThread();
    const outcomes = await Promise.allSettled(
      ['a', 'b', 'c'].map((id) => store.startRun({ id, threadId: 't', model: 'demo' })),
    );
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
    for (const outcome of outcomes.filter((each) => each.status === 'rejected')) {
      expect((outcome as PromiseRejectedResult).reason).toBeInstanceOf(RunInProgressError);
    }
  });

  it('ends a run once: a second outcome does not overwrite the first', async () => {
    const clock = manualClock();
    const store = await storeWithThread(clock);
    await store.startRun({ id: 'r1', threadId: 't', model: 'demo' });
    clock.advance(1500);
    expect(await store.finishRun('r1', { status: 'cancelled' })).toBe(true);
    expect(await store.finishRun('r1', { status: 'error', error: 'late' })).toBe(false);
    expect(await store.getRun('r1')).toEqual({
      id: 'r1',
      threadId: 't',
      model: 'demo',
      status: 'cancelled',
      startedAt: '2026-12-01T09:00:00.000Z',
      endedAt: '2026-12-01T09:00:01.500Z',
      instanceId: null,
      leaseExpiresAt: null,
      inputTokens: null,
      cachedInputTokens: null,
      outputTokens: null,
      error: null,
    });
    expect(await store.getRun('missing')).toBeUndefined();
  });

  it('keeps a lease for its holder only, and hands an expired one to another instance', async () => {
    const clock = manualClock();
    const store = await storeWithThread(clock);
    await store.startRun({
      id: 'r1',
      threadId: 't',
      model: 'demo',
      lease: { instanceId: 'A', expiresAt: clock.at(30_000) },
    });
    expect(await store.getRun('r1')).toMatchObject({ instanceId: 'A', leaseExpiresAt: clock.at(30_000) });
    expect(await store.renewLease({ runId: 'r1', instanceId: 'A', expiresAt: clock.at(60_000) })).toBe(true);
    expect(await store.renewLease({ runId: 'r1', instanceId: 'B', expiresAt: clock.at(90_000) })).toBe(false);
    expect(await store.leaseRun({ runId: 'r1', instanceId: 'B', expiresAt: clock.at(90_000) })).toBe(false);
    expect(await store.getRun('r1')).toMatchObject({ instanceId: 'A', leaseExpiresAt: clock.at(60_000) });
    clock.advance(60_001);
    expect(await store.leaseRun({ runId: 'r1', instanceId: 'B', expiresAt: clock.at(30_000) })).toBe(true);
    expect(await store.getRun('r1')).toMatchObject({ instanceId: 'B', leaseExpiresAt: clock.at(30_000) });
    expect(await store.renewLease({ runId: 'r1', instanceId: 'A', expiresAt: clock.at(30_000) })).toBe(false);
  });

  it('leases an unowned running run, never an ended one', async () => {
    const clock = manualClock();
    const store = await storeWithThread(clock);
    await store.startRun({ id: 'r1', threadId: 't', model: 'demo' });
    expect(await store.leaseRun({ runId: 'r1', instanceId: 'A', expiresAt: clock.at(30_000) })).toBe(true);
    await store.finishRun('r1', { status: 'finished' });
    expect(await store.getRun('r1')).toMatchObject({ instanceId: 'A', leaseExpiresAt: null });
    expect(await store.leaseRun({ runId: 'r1', instanceId: 'A', expiresAt: clock.at(60_000) })).toBe(false);
    expect(await store.renewLease({ runId: 'r1', instanceId: 'A', expiresAt: clock.at(60_000) })).toBe(false);
    expect(await store.leaseRun({ runId: 'missing', instanceId: 'A', expiresAt: clock.at(1) })).toBe(false);
  });

  it('interrupts only running runs whose lease expired, and frees their threads', async () => {
    const clock = manualClock();
    const store = await storeWithThread(clock);
    await store.createThread({ id: 't2' });
    await store.createThread({ id: 't3' });
    await store.startRun({
      id: 'dead',
      threadId: 't',
      model: 'demo',
      lease: { instanceId: 'A', expiresAt: clock.at(10_000) },
    });
    await store.startRun({
      id: 'alive',
      threadId: 't2',
      model: 'demo',
      lease: { instanceId: 'B', expiresAt: clock.at(40_000) },
    });
    await store.startRun({
      id: 'done',
      threadId: 't3',
      model: 'demo',
      lease: { instanceId: 'A', expiresAt: clock.at(10_000) },
    });
    await store.finishRun('done', { status: 'finished' });
    const sweepAt = clock.at(20_000);

    const interrupted = await store.interruptExpiredRuns({ now: sweepAt });

    expect(interrupted).toEqual([
      expect.objectContaining({ id: 'dead', status: 'interrupted', endedAt: sweepAt, instanceId: 'A' }),
    ]);
    expect(await store.getRun('alive')).toMatchObject({ status: 'running' });
    expect(await store.getRun('done')).toMatchObject({ status: 'finished' });
    expect(await store.interruptExpiredRuns({ now: sweepAt })).toEqual([]);
    expect(await store.renewLease({ runId: 'dead', instanceId: 'A', expiresAt: clock.at(60_000) })).toBe(
      false,
    );
    expect(await store.finishRun('dead', { status: 'finished' })).toBe(false);
    await store.startRun({ id: 'next', threadId: 't', model: 'demo' });
  });
});

describe.each(storageDialects)('run records whose leases live elsewhere, on %s', (dialect) => {
  it('lists running runs past their recorded lease without changing them, and interrupts the named ones once', async () => {
    const clock = manualClock();
    const storage = await openTestStorage({ dialect, clock: clock.now });
    try {
      const { store } = storage;
      for (const id of ['t1', 't2', 't3']) await store.createThread({ id });
      const lease = (offset: number) => ({ instanceId: 'A', expiresAt: clock.at(offset) });
      await store.startRun({ id: 'old', threadId: 't1', model: 'demo', lease: lease(10_000) });
      await store.startRun({ id: 'young', threadId: 't2', model: 'demo', lease: lease(40_000) });
      await store.startRun({ id: 'done', threadId: 't3', model: 'demo', lease: lease(10_000) });
      await store.finishRun('done', { status: 'finished' });
      const sweepAt = clock.at(20_000);

      expect((await store.runsWithExpiredLeases({ now: sweepAt })).map((run) => run.id)).toEqual(['old']);
      expect(await store.getRun('old')).toMatchObject({ status: 'running' });

      const interrupted = await store.interruptRuns({ runIds: ['old', 'done', 'missing'], now: sweepAt });
      expect(interrupted).toEqual([
        expect.objectContaining({ id: 'old', status: 'interrupted', endedAt: sweepAt }),
      ]);
      expect(await store.interruptRuns({ runIds: ['old'], now: sweepAt })).toEqual([]);
      expect(await store.getRun('done')).toMatchObject({ status: 'finished' });
      expect(await store.runsWithExpiredLeases({ now: sweepAt })).toEqual([]);
      expect(await store.interruptRuns({ runIds: [], now: sweepAt })).toEqual([]);
    } finally {
      await storage.close();
    }
  });
});

describe.each(storageDialects)('a single instance starting up on %s', (dialect) => {
  it('interrupts every running run, whatever its lease, and leaves ended ones', async () => {
    const clock = manualClock();
    const storage = await openTestStorage({ dialect, clock: clock.now });
    try {
      const { store } = storage;
      await store.createThread({ id: 't' });
      await store.createThread({ id: 't2' });
      await store.startRun({
        id: 'leased',
        threadId: 't',
        model: 'demo',
        lease: { instanceId: 'old', expiresAt: clock.at(60_000) },
      });
      await store.startRun({ id: 'done', threadId: 't2', model: 'demo' });
      await store.finishRun('done', { status: 'finished' });
      const interrupted = await store.interruptRunningRuns({ now: clock.at(0) });
      expect(interrupted.map((run) => [run.id, run.status])).toEqual([['leased', 'interrupted']]);
      expect(await store.getRun('done')).toMatchObject({ status: 'finished' });
      expect(await store.runningRun('t')).toBeUndefined();
    } finally {
      await storage.close();
    }
  });
});

describe('two instances on one PostgreSQL database', () => {
  it('migrate it together and agree on the single running run of a thread', async () => {
    const location = { dialect: 'postgres' as const, url: await createPostgresTestDatabase() };
    // Both start at once, as two instances behind a load balancer would: the migration lock serialises them.
    const databases = await Promise.all([openDatabase({ location }), openDatabase({ location })]);
    const [first, second] = databases.map((database) => openKyselyStore({ database }));
    try {
      await first!.createThread({ id: 't' });
      expect((await second!.getThread('t'))?.id).toBe('t');
      const outcomes = await Promise.allSettled([
        first!.startRun({ id: 'on-a', threadId: 't', model: 'demo' }),
        second!.startRun({ id: 'on-b', threadId: 't', model: 'demo' }),
      ]);
      expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
      const winner = await first!.runningRun('t');
      expect(await second!.runningRun('t')).toEqual(winner);
    } finally {
      await Promise.all(databases.map((database) => database.close()));
    }
  });
});
