import type { ChildProcess } from 'node:child_process';
import {
  buildRunAgentInput,
  EventType,
  messageListResponseSchema,
  runInProgressResponseSchema,
} from '@drawbridge/protocol';
import { Redis } from 'ioredis';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { createPostgresTestDatabase } from '../../../../test-support/postgres-test-database.ts';
import { parseConfig } from '../config/parse-config.ts';
import type { ServedModel } from '../http/create-app.ts';
import { readJsonResponse } from '../http/routes/testing/read-json-response.ts';
import type { ModelScript } from '../models/script/model-script.ts';
import { createScriptedModel } from '../models/scripted/scripted-language-model.ts';
import { gatedTestModel } from '../models/testing/gated-test-model.ts';
import { openStorage } from '../store/open-storage.ts';
import {
  finalEventOf,
  followRun,
  postRun,
  type RunStreamReader,
  runIdOf,
} from '../testing/run-stream-reader.ts';
import { spawnInstance } from '../testing/spawn-instance.ts';
import { type RunningServer, startServer } from './start-server.ts';

const started: RunningServer[] = [];
const children: ChildProcess[] = [];
const inspectors: { close(): Promise<void> }[] = [];
afterEach(async () => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
  await Promise.all(started.splice(0).map((server) => server.close()));
  await Promise.all(inspectors.splice(0).map((inspector) => inspector.close()));
});

/** Two instances of one deployment: the same PostgreSQL database and Redis, a model each. */
async function twoInstances(models: { a: ServedModel; b: ServedModel }, leaseMs = 15_000) {
  const env = {
    DRAWBRIDGE_DATABASE_URL: await createPostgresTestDatabase(),
    DRAWBRIDGE_REDIS_URL: inject('redisUrl'),
  };
  const config = parseConfig({
    server: { port: 0 },
    store: { databaseUrl: env.DRAWBRIDGE_DATABASE_URL },
    redis: { url: env.DRAWBRIDGE_REDIS_URL },
    runs: { leaseMs },
  });
  const common = { config, logError: () => {} };
  const a = await startServer({ ...common, model: models.a });
  started.push(a);
  const b = await startServer({ ...common, model: models.b });
  started.push(b);
  return { a, b, env };
}

function scripted(script: ModelScript): ServedModel {
  return {
    model: createScriptedModel({
      modelId: 'scripted-scale-out',
      provider: 'drawbridge.test',
      pacing: { tokensPerSecond: 0 },
      resolveScript: () => script,
    }),
    id: 'replay:scale-out',
    demo: false,
    hint: 'A scripted model.',
  };
}

const tableScript: ModelScript = {
  steps: [
    {
      parts: [
        { type: 'text', text: 'Here is the table.' },
        {
          type: 'tool-call',
          toolName: 'render_table',
          input: {
            title: 'Languages',
            columns: [{ key: 'name', label: 'Name', type: 'string' }],
            rows: [{ name: 'C' }],
          },
        },
      ],
    },
    { parts: [{ type: 'text', text: 'C came first.' }] },
  ],
};

async function createThread(url: string): Promise<string> {
  const response = await fetch(`${url}/api/threads`, { method: 'POST' });
  return ((await response.json()) as { thread: { id: string } }).thread.id;
}

function proseOf(readers: RunStreamReader[]): string {
  return readers
    .flatMap((reader) => reader.events)
    .flatMap(({ event }) => (event.type === EventType.TEXT_MESSAGE_CONTENT ? [event.delta] : []))
    .join('');
}

describe('two instances on one PostgreSQL and Redis', () => {
  it('read the same thread and refuse a second run on it with 409, whichever instance is asked', async () => {
    const model = gatedTestModel({ before: ['Working'] });
    const { a, b } = await twoInstances({ a: model, b: model });
    const threadId = await createThread(a.url);
    const run = await postRun({ url: a.url, threadId, text: 'written through A' });
    const runId = await runIdOf(run);

    const second = await fetch(`${b.url}/api/agent`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(
        buildRunAgentInput({ threadId, runId: 'b-run', userMessageId: 'u', text: 'via B' }),
      ),
    });
    expect(second.status).toBe(409);
    expect((await readJsonResponse(second, runInProgressResponseSchema)).error.runId).toBe(runId);
    model.release();
    await finalEventOf(run);

    const [throughA, throughB] = await Promise.all(
      [a, b].map(async (server) =>
        readJsonResponse(
          await fetch(`${server.url}/api/threads/${threadId}/messages`),
          messageListResponseSchema,
        ),
      ),
    );
    expect(throughB).toEqual(throughA);
    expect(throughB?.messages.map((message) => message.content)).toEqual(['written through A', 'Working']);
  });

  it('resume a call parked on A with the result posted to B', async () => {
    const { a, b } = await twoInstances({ a: scripted(tableScript), b: scripted(tableScript) });
    const threadId = await createThread(a.url);
    const run = await postRun({ url: a.url, threadId, text: 'a table please' });
    const parked = await run.waitFor(
      ({ event }) => event.type === EventType.CUSTOM && event.name === 'drawbridge.parked',
    );
    const toolCallId = (parked.event as { value: { toolCallId: string } }).value.toolCallId;

    const answer = await fetch(`${b.url}/api/threads/${threadId}/tool-results`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ toolCallId, result: { status: 'rendered', message: 'Displayed the table.' } }),
    });
    expect(await answer.json()).toEqual({ accepted: true });
    expect((await finalEventOf(run)).event.type).toBe(EventType.RUN_FINISHED);
    expect(proseOf([run])).toBe('Here is the table.C came first.');
    // The answer is taken once across the deployment.
    const again = await fetch(`${a.url}/api/threads/${threadId}/tool-results`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ toolCallId, result: { status: 'rendered', message: 'Again.' } }),
    });
    expect(again.status).toBe(409);
  });

  it('resume on B a stream dropped from A, from Last-Event-ID, with no gap and no duplicate', async () => {
    const model = gatedTestModel({ before: ['One ', 'two '], after: ['three.'] });
    const { a, b } = await twoInstances({ a: model, b: model });
    const threadId = await createThread(a.url);
    const first = await postRun({ url: a.url, threadId, accept: 'text/event-stream' });
    const runId = await runIdOf(first);
    await first.waitFor(({ event }) => event.type === EventType.TEXT_MESSAGE_CONTENT);
    first.disconnect();
    await first.finished;
    const lastSeen = first.events.at(-1)!.seq!;

    const resumed = await followRun({
      url: b.url,
      runId,
      lastEventId: lastSeen,
      accept: 'text/event-stream',
    });
    expect(resumed.status).toBe(200);
    model.release();
    await resumed.finished;
    const seqs = [...first.events, ...resumed.events].map((item) => item.seq);
    expect(seqs).toEqual(Array.from({ length: seqs.length }, (_, index) => index + 1));
    expect(proseOf([first, resumed])).toBe('One two three.');
    expect(resumed.events.at(-1)?.event.type).toBe(EventType.RUN_FINISHED);
  });

  it('end a run executing on A when the cancel is posted to B', async () => {
    const model = gatedTestModel({ before: ['Until cancelled'] });
    const { a, b } = await twoInstances({ a: model, b: model });
    const threadId = await createThread(a.url);
    const run = await postRun({ url: a.url, threadId });
    const runId = await runIdOf(run);
    await run.waitFor(({ event }) => event.type === EventType.TEXT_MESSAGE_CONTENT);

    const cancel = await fetch(`${b.url}/api/runs/${runId}/cancel`, { method: 'POST' });
    expect(cancel.status).toBe(202);
    expect((await finalEventOf(run)).event).toMatchObject({ type: EventType.RUN_ERROR, code: 'cancelled' });
    const record = await (await fetch(`${b.url}/api/runs/${runId}`)).json();
    expect(record).toMatchObject({ run: { id: runId, status: 'cancelled' } });
  });

  it('mark interrupted the run of an instance killed with SIGKILL, and tell its followers', async () => {
    // Short, so the test is quick, yet long enough that a loaded machine's stall does not expire it first.
    const leaseMs = 3_000;
    const { b, env } = await twoInstances(
      { a: gatedTestModel({ before: [] }), b: gatedTestModel({ before: [] }) },
      leaseMs,
    );
    // A is a process of its own, on the slow offline demo model, so it can be killed mid-reply.
    const a = await spawnInstance({
      ...env,
      DRAWBRIDGE_RUN_LEASE_MS: String(leaseMs),
      DRAWBRIDGE_DEMO_PACE: '3',
    });
    children.push(a.child);
    const threadId = await createThread(a.url);
    const starter = await postRun({ url: a.url, threadId, text: 'hello' });
    const runId = await runIdOf(starter);
    const follower = await followRun({ url: b.url, runId });
    await runIdOf(follower);
    await expectLeaseRenewedOnRedisOnly({ env, runId });

    a.child.kill('SIGKILL');
    expect((await finalEventOf(follower)).event).toMatchObject({
      type: EventType.RUN_ERROR,
      code: 'interrupted',
    });
    const record = await (await fetch(`${b.url}/api/runs/${runId}`)).json();
    expect(record).toMatchObject({ run: { status: 'interrupted' } });
  }, 60_000);
});

/**
 * Watches A renew the run's lease on Redis (the key's time-to-live goes back up) while the run record keeps
 * the lease it started with: renewals cost the database nothing.
 */
async function expectLeaseRenewedOnRedisOnly({
  env,
  runId,
}: {
  env: { DRAWBRIDGE_DATABASE_URL: string; DRAWBRIDGE_REDIS_URL: string };
  runId: string;
}): Promise<void> {
  const records = await openStorage({ location: { dialect: 'postgres', url: env.DRAWBRIDGE_DATABASE_URL } });
  inspectors.push(records);
  const redis = new Redis(env.DRAWBRIDGE_REDIS_URL, { lazyConnect: true });
  await redis.connect();
  inspectors.push({ close: async () => void (await redis.quit()) });
  const startedWith = (await records.store.getRun(runId))?.leaseExpiresAt;
  expect(startedWith).toEqual(expect.any(String));
  const key = `drawbridge:run:${runId}:lease`;
  let lowestTtl = Number.POSITIVE_INFINITY;
  await expect
    .poll(
      async () => {
        const ttl = await redis.pttl(key);
        if (ttl < 0) return false;
        const renewed = ttl > lowestTtl;
        lowestTtl = Math.min(lowestTtl, ttl);
        return renewed;
      },
      { timeout: 20_000, interval: 20 },
    )
    .toBe(true);
  expect(await redis.get(key)).toMatch(/^[0-9a-f-]{36}$/);
  expect((await records.store.getRun(runId))?.leaseExpiresAt).toBe(startedWith);
}
