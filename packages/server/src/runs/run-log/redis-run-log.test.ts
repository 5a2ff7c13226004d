import { EventType, isFinalRunEvent, runEvents } from '@drawbridge/protocol';
import { Redis } from 'ioredis';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openTestStorage } from '../../../../../test-support/open-test-storage.ts';
import { startThrowawayRedis, type ThrowawayRedis } from '../../../../../test-support/throwaway-redis.ts';
import { openRedisConnections } from '../../redis/redis-connections.ts';
import type { Store } from '../../store/store.ts';
import { DurableRunLog } from './durable-run-log.ts';
import { RedisRunLog } from './redis-run-log.ts';
import type { LoggedRunEvent } from './run-log.ts';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const started = runEvents.runStarted({ threadId: 't', runId: 'r' });
const text = (delta: string) => runEvents.textContent({ messageId: 'm', delta });
const finished = runEvents.runFinished({ threadId: 't', runId: 'r' });

/**
 * Two instances of one deployment: one PostgreSQL store, and a Redis server of this test's own that it can kill
 * and bring back empty on the same port (`outage`), as an operator's restart does.
 */
async function twoInstances({ followerPollMs }: { followerPollMs: number }) {
  let redis: ThrowawayRedis = await startThrowawayRedis();
  cleanups.push(() => redis.stop());
  const storage = await openTestStorage({ dialect: 'postgres' });
  cleanups.push(() => storage.close());
  const { store } = storage;
  await store.createThread({ id: 't' });
  await store.startRun({ id: 'r', threadId: 't', model: 'demo' });
  const logError = () => {};
  const [a, b] = await Promise.all(
    ['a', 'b'].map(async () => {
      const connections = await openRedisConnections({ url: redis.url, logError });
      const live = new RedisRunLog({
        redis: connections.commands,
        subscriptions: connections.subscriptions,
        followerPollMs,
        logError,
      });
      const log = new DurableRunLog({ store, live, logError });
      cleanups.push(async () => {
        await log.close();
        await connections.close();
      });
      return log;
    }),
  );
  return {
    store,
    a: a!,
    b: b!,
    /** Kills Redis; `back()` starts it again on its port, empty, once every connection is in again. */
    async outage(): Promise<{ back(): Promise<void> }> {
      await redis.kill();
      return {
        back: async () => {
          redis = await startThrowawayRedis({ port: redis.port });
          const inspector = new Redis(redis.url);
          try {
            // Both instances' command and subscriber connections, and this one.
            await vi.waitFor(
              async () => {
                const clients = (await inspector.client('LIST')) as string;
                expect(clients.trim().split('\n')).toHaveLength(5);
              },
              { timeout: 15_000 },
            );
          } finally {
            inspector.disconnect();
          }
        },
      };
    },
  };
}

/**
 * A follower as the web client is one: a stream that ends without the run's final event (it failed while
 * Redis was down) is followed again from the last event taken in, once `reachable` resolves.
 */
function client(log: DurableRunLog, reachable: () => Promise<void> = async () => {}) {
  const handed: LoggedRunEvent[] = [];
  const last = () => handed.at(-1)?.seq ?? 0;
  const done = (async () => {
    for (;;) {
      try {
        await log.follow({
          runId: 'r',
          after: last(),
          signal: new AbortController().signal,
          onEvent: (logged) => handed.push(logged),
        });
      } catch {
        await reachable();
      }
      if (handed.some((logged) => isFinalRunEvent(logged.event))) return;
    }
  })();
  return { handed, done };
}

/** The text a follower drew, and whether its events came one seq after another from 1. */
function received(handed: readonly LoggedRunEvent[]) {
  return {
    seqs: handed.map((logged) => logged.seq),
    text: handed
      .map(({ event }) => (event.type === EventType.TEXT_MESSAGE_CONTENT ? event.delta : ''))
      .join(''),
  };
}

async function storedText(store: Store): Promise<{ seqs: number[]; text: string }> {
  const stored = await store.readRunEvents({ runId: 'r', after: 0 });
  return received(stored.map(({ seq, event }) => ({ seq, event: event as LoggedRunEvent['event'] })));
}

const oneTo = (count: number) => Array.from({ length: count }, (_, index) => index + 1);

describe('RedisRunLog when Redis goes away mid-run', () => {
  it('never hands a follower the final event across a gap: what Redis lost is read from the store', async () => {
    // Followers that only wait for notifications through the outage, as those of a streaming run do.
    const { store, a, b, outage } = await twoInstances({ followerPollMs: 60_000 });
    const writer = a.create('r');
    const followers = [client(a), client(b)];
    writer.append(started);
    for (const piece of ['<div ', 'class="stage">', 'before ']) writer.append(text(piece));
    await writer.flushed();
    await vi.waitFor(() => {
      for (const follower of followers) expect(follower.handed).toHaveLength(4);
    });

    const redis = await outage();
    for (const piece of ['lost ', 'while ', 'Redis ', 'was ', 'down ']) writer.append(text(piece));
    await writer.flushed();
    await redis.back();
    for (const piece of ['after ', '</div>']) writer.append(text(piece));
    writer.append(finished);
    await writer.flushed();
    await Promise.all(followers.map((follower) => follower.done));

    const stored = await storedText(store);
    expect(stored.seqs).toEqual(oneTo(12));
    for (const follower of followers) expect(received(follower.handed)).toEqual(stored);
  }, 60_000);

  it('hands on the end of a run Redis never got, from the store, after a quiet poll', async () => {
    const { store, a, b, outage } = await twoInstances({ followerPollMs: 200 });
    const writer = a.create('r');
    let reachable = () => {};
    const back = new Promise<void>((resolve) => {
      reachable = resolve;
    });
    const followers = [client(a, () => back), client(b, () => back)];
    writer.append(started);
    writer.append(text('streamed, '));
    await writer.flushed();
    await vi.waitFor(() => {
      for (const follower of followers) expect(follower.handed).toHaveLength(2);
    });

    const redis = await outage();
    writer.append(text('then the rest of the run while Redis was down'));
    writer.append(finished);
    await writer.flushed();
    await redis.back();
    reachable();
    await Promise.all(followers.map((follower) => follower.done));

    const stored = await storedText(store);
    expect(stored.seqs).toEqual(oneTo(4));
    for (const follower of followers) expect(received(follower.handed)).toEqual(stored);
  }, 30_000);
});
