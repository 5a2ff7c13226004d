import { afterEach, describe, expect, inject, it } from 'vitest';
import { openRedisConnections, type RedisConnections } from '../redis/redis-connections.ts';
import type { ParkedCall } from './client-tool-bridge.ts';
import { RedisClientToolBridge } from './redis-client-tool-bridge.ts';

const opened: RedisConnections[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((connections) => connections.close()));
});

async function instance(): Promise<RedisClientToolBridge> {
  const connections = await openRedisConnections({ url: inject('redisUrl'), logError: () => {} });
  opened.push(connections);
  const bridge = new RedisClientToolBridge({
    redis: connections.commands,
    subscriptions: connections.subscriptions,
    instanceId: crypto.randomUUID(),
  });
  await bridge.ready();
  return bridge;
}

function call(): ParkedCall {
  return {
    threadId: `t-${crypto.randomUUID()}`,
    runId: 'r',
    toolCallId: 'call_0',
    toolName: 'render_table',
    args: { rows: [] },
  };
}

const rendered = { status: 'rendered', message: 'Displayed it.' } as const;

describe('RedisClientToolBridge across two instances', () => {
  it('resumes a call parked on A with an answer posted to B, once', async () => {
    const [a, b] = await Promise.all([instance(), instance()]);
    const parked = call();
    const outcome = a.park(parked, { timeoutMs: 30_000, abortSignal: new AbortController().signal });
    const answer = await b.answerWhenParked({ ...parked, result: rendered });
    expect(answer).toEqual({ status: 'accepted', call: parked });
    expect(await outcome).toEqual({ kind: 'answered', result: rendered });
    expect(await a.answerWhenParked({ ...parked, result: rendered }, { graceMs: 0 })).toEqual({
      status: 'already_answered',
    });
    expect(a.openCallCount()).toBe(0);
  });

  it('waits for a call the answer overtook, and knows nothing of calls never parked', async () => {
    const [a, b] = await Promise.all([instance(), instance()]);
    const parked = call();
    const early = b.answerWhenParked({ ...parked, result: rendered }, { graceMs: 10_000 });
    const outcome = a.park(parked, { timeoutMs: 30_000, abortSignal: new AbortController().signal });
    expect((await early).status).toBe('accepted');
    expect((await outcome).kind).toBe('answered');
    expect(await b.answerWhenParked({ ...call(), result: rendered }, { graceMs: 0 })).toEqual({
      status: 'unknown_call',
    });
  });

  it('closes a cancelled call everywhere, so a late answer on another instance is already_answered', async () => {
    const [a, b] = await Promise.all([instance(), instance()]);
    const parked = call();
    const run = new AbortController();
    const outcome = a.park(parked, { timeoutMs: 30_000, abortSignal: run.signal });
    run.abort();
    expect(await outcome).toEqual({ kind: 'cancelled' });
    expect(await b.answerWhenParked({ ...parked, result: rendered }, { graceMs: 0 })).toEqual({
      status: 'already_answered',
    });
  });
});
