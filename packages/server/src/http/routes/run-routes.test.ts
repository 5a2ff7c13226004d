import { HttpAgent } from '@ag-ui/client';
import {
  agentRouteErrorCodes,
  appErrorCodes,
  buildRunAgentInput,
  EventType,
  messageListResponseSchema,
  runInProgressResponseSchema,
  runResponseSchema,
  runRouteErrorCodes,
} from '@drawbridge/protocol';
import { afterEach, describe, expect, it } from 'vitest';
import type { DrawbridgeConfigInput } from '../../config/drawbridge-config-schema.ts';
import { parseConfig } from '../../config/parse-config.ts';
import { type GatedTestModel, gatedTestModel } from '../../models/testing/gated-test-model.ts';
import { startServer } from '../../node-server/start-server.ts';
import { openSqliteStore } from '../../store/index.ts';
import { finalEventOf, followRun, postRun, runIdOf } from '../../testing/run-stream-reader.ts';
import { startTestServer, type TestServer } from '../../testing/test-server.ts';
import { expectErrorResponse } from './testing/expect-error-response.ts';
import { readJsonResponse } from './testing/read-json-response.ts';

const runCodes = [...appErrorCodes, ...runRouteErrorCodes] as const;

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function serverWith(
  model: GatedTestModel,
  options: { config?: DrawbridgeConfigInput } = {},
): Promise<TestServer> {
  server = await startTestServer({ model, ...options });
  return server;
}

async function createThread(target: TestServer): Promise<string> {
  const response = await fetch(`${target.url}/api/threads`, { method: 'POST' });
  return ((await response.json()) as { thread: { id: string } }).thread.id;
}

async function readRun(target: TestServer, runId: string) {
  return (await readJsonResponse(await fetch(`${target.url}/api/runs/${runId}`), runResponseSchema)).run;
}

describe('GET /api/runs/:runId', () => {
  it('names the run, its thread and where it is, from running to finished', async () => {
    const model = gatedTestModel({ before: ['Half'], after: [' done.'] });
    const target = await serverWith(model);
    const threadId = await createThread(target);
    const reader = await postRun({ url: target.url, threadId });
    const runId = await runIdOf(reader);
    expect(await readRun(target, runId)).toEqual({
      id: runId,
      threadId,
      status: 'running',
      startedAt: expect.any(String),
      endedAt: null,
    });
    model.release();
    await finalEventOf(reader);
    expect(await readRun(target, runId)).toMatchObject({ status: 'finished', endedAt: expect.any(String) });
  });

  it('answers 404 run_not_found and 400 invalid_run_id', async () => {
    const target = await serverWith(gatedTestModel({ before: [] }));
    const missing = await fetch(`${target.url}/api/runs/nope`);
    await expectErrorResponse({ response: missing, status: 404, codes: runCodes, code: 'run_not_found' });
    const invalid = await fetch(`${target.url}/api/runs/not%20an%20id`);
    await expectErrorResponse({ response: invalid, status: 400, codes: runCodes, code: 'invalid_run_id' });
  });
});

describe('GET /api/runs/:runId/events', () => {
  it.each([
    ['NDJSON from ?after=', 'application/x-ndjson', 'after'],
    ['SSE from Last-Event-ID', 'text/event-stream', 'lastEventId'],
  ] as const)(
    'resumes a dropped stream with %s: no gap, no duplicate, then live to the end',
    async (_case, accept, by) => {
      const model = gatedTestModel({ before: ['One ', 'two ', 'three'], after: [' four.'] });
      const target = await serverWith(model);
      const threadId = await createThread(target);
      const first = await postRun({ url: target.url, threadId, accept });
      const runId = await runIdOf(first);
      await first.waitFor((item) => item.seq === 1);
      first.disconnect();
      await first.finished;
      const lastSeen = first.events.at(-1)!.seq!;

      const resumed = await followRun({
        url: target.url,
        runId,
        accept,
        ...(by === 'after' ? { after: lastSeen } : { lastEventId: lastSeen }),
      });
      expect(resumed.status).toBe(200);
      // What the model streamed before is replayed from the log; what it streams now arrives live.
      model.release();
      await resumed.finished;

      const seqs = [...first.events, ...resumed.events].map((item) => item.seq);
      expect(seqs).toEqual(Array.from({ length: seqs.length }, (_, index) => index + 1));
      expect(resumed.events.at(-1)?.event.type).toBe(EventType.RUN_FINISHED);
      const prose = [...first.events, ...resumed.events]
        .flatMap(({ event }) => (event.type === EventType.TEXT_MESSAGE_CONTENT ? [event.delta] : []))
        .join('');
      expect(prose).toBe('One two three four.');
    },
  );

  it('replays a finished run from the start, the same events the run sent', async () => {
    const model = gatedTestModel({ before: ['Kept.'] });
    model.release();
    const target = await serverWith(model);
    const live = await postRun({ url: target.url, threadId: await createThread(target) });
    await live.finished;
    const replay = await followRun({ url: target.url, runId: await runIdOf(live) });
    await replay.finished;
    expect(replay.events).toEqual(live.events);
  });

  it('answers 400 invalid_after for a seq that is not a whole number, 410 once the log is gone', async () => {
    const target = await serverWith(gatedTestModel({ before: [] }));
    const threadId = await createThread(target);
    await target.store.startRun({ id: 'old-run', threadId, model: 'test' });
    await target.store.finishRun('old-run', { status: 'finished' });
    const invalid = await fetch(`${target.url}/api/runs/old-run/events?after=-1`);
    await expectErrorResponse({ response: invalid, status: 400, codes: runCodes, code: 'invalid_after' });
    const gone = await fetch(`${target.url}/api/runs/old-run/events`);
    await expectErrorResponse({ response: gone, status: 410, codes: runCodes, code: 'run_events_expired' });
  });
});

describe('one run at a time per thread', () => {
  it('answers a second POST /api/agent with 409 run_in_progress naming the run, which the messages name too', async () => {
    const model = gatedTestModel({ before: ['Busy'] });
    const target = await serverWith(model);
    const threadId = await createThread(target);
    const first = await postRun({ url: target.url, threadId });
    const runId = await runIdOf(first);

    const second = await fetch(`${target.url}/api/agent`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(
        buildRunAgentInput({ threadId, runId: 'other', userMessageId: 'u2', text: 'me too' }),
      ),
    });
    expect(second.status).toBe(409);
    const refusal = await readJsonResponse(second, runInProgressResponseSchema);
    expect(refusal.error.runId).toBe(runId);
    expect(agentRouteErrorCodes).toContain(refusal.error.code);

    const listed = await readJsonResponse(
      await fetch(`${target.url}/api/threads/${threadId}/messages`),
      messageListResponseSchema,
    );
    expect(listed.activeRun).toMatchObject({ id: runId, status: 'running' });
    expect(listed.messages.map((message) => message.content)).toEqual(['hello']);
    model.release();
    await finalEventOf(first);
    const after = await readJsonResponse(
      await fetch(`${target.url}/api/threads/${threadId}/messages`),
      messageListResponseSchema,
    );
    expect(after.activeRun).toBeNull();
  });
});

describe('a run reached by the runId its client sent', () => {
  it('a stock HttpAgent runs with its own runId, then reads, follows and cancels the run by it', async () => {
    const model = gatedTestModel({ before: ['Partial'] });
    const target = await serverWith(model);
    const threadId = await createThread(target);
    const agent = new HttpAgent({ url: `${target.url}/api/agent`, threadId });
    agent.addMessage({ id: 'user-1', role: 'user', content: 'hello' });
    let streaming: () => void = () => {};
    const firstText = new Promise<void>((resolve) => {
      streaming = resolve;
    });
    const running = agent
      .runAgent({ runId: 'my-run-1' }, { onTextMessageContentEvent: () => streaming() })
      .catch((error: unknown) => error);
    await firstText;

    expect(await readRun(target, 'my-run-1')).toMatchObject({ threadId, status: 'running' });
    const follower = await followRun({ url: target.url, runId: 'my-run-1', accept: 'text/event-stream' });
    expect(follower.status).toBe(200);
    const started = await follower.waitFor((item) => item.event.type === EventType.RUN_STARTED);
    expect(started.event).toMatchObject({ threadId, runId: 'my-run-1' });
    await follower.waitFor((item) => item.event.type === EventType.TEXT_MESSAGE_CONTENT);

    const cancelled = await fetch(`${target.url}/api/runs/my-run-1/cancel`, { method: 'POST' });
    expect(cancelled.status).toBe(202);
    expect((await readJsonResponse(cancelled, runResponseSchema)).run.status).toBe('cancelled');
    await model.aborted;
    expect((await finalEventOf(follower)).event).toMatchObject({
      type: EventType.RUN_ERROR,
      code: 'cancelled',
    });
    await running;
    expect(await readRun(target, 'my-run-1')).toMatchObject({ status: 'cancelled' });

    // The name stays the run's: a new run needs a new runId.
    const reused = await fetch(`${target.url}/api/agent`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(
        buildRunAgentInput({ threadId, runId: 'my-run-1', userMessageId: 'u2', text: 'again' }),
      ),
    });
    await expectErrorResponse({
      response: reused,
      status: 409,
      codes: [...appErrorCodes, ...agentRouteErrorCodes],
      code: 'run_id_taken',
    });
  });

  it("resolves a runId to the asking user's run only; two users may use the same one", async () => {
    const model = gatedTestModel({ before: ['Done.'] });
    model.release();
    const target = await serverWith(model, {
      config: { auth: { modes: ['proxy'], proxy: { trustedProxies: ['127.0.0.1'] } } },
    });
    const as = (email: string) => ({ 'X-Forwarded-Email': email });
    const threadOf: Record<string, string> = {};
    for (const email of ['alice@example.com', 'bob@example.com']) {
      const agent = new HttpAgent({
        url: `${target.url}/api/agent`,
        threadId: `thread-of-${email.split('@')[0]}`,
        headers: as(email),
      });
      agent.addMessage({ id: 'user-1', role: 'user', content: 'hello' });
      await agent.runAgent({ runId: 'shared-run' });
      threadOf[email] = agent.threadId;
    }
    for (const email of ['alice@example.com', 'bob@example.com']) {
      const response = await fetch(`${target.url}/api/runs/shared-run`, { headers: as(email) });
      expect((await readJsonResponse(response, runResponseSchema)).run).toMatchObject({
        threadId: threadOf[email],
        status: 'finished',
      });
      const events = await fetch(`${target.url}/api/runs/shared-run/events`, {
        headers: { ...as(email), Accept: 'application/x-ndjson' },
      });
      expect(events.status).toBe(200);
      expect(await events.text()).toContain(threadOf[email]);
    }
    for (const [method, path] of [
      ['GET', '/api/runs/shared-run'],
      ['GET', '/api/runs/shared-run/events'],
      ['POST', '/api/runs/shared-run/cancel'],
    ] as const) {
      const response = await fetch(`${target.url}${path}`, { method, headers: as('carol@example.com') });
      await expectErrorResponse({ response, status: 404, codes: runCodes, code: 'run_not_found' });
    }
  });
});

describe('POST /api/runs/:runId/cancel', () => {
  it('stops the model, keeps the partial reply, tells every follower, and is idempotent', async () => {
    const model = gatedTestModel({ before: ['Partial'] });
    const target = await serverWith(model);
    const threadId = await createThread(target);
    const starter = await postRun({ url: target.url, threadId });
    const runId = await runIdOf(starter);
    const follower = await followRun({ url: target.url, runId, accept: 'text/event-stream' });
    await follower.waitFor((item) => item.event.type === EventType.TEXT_MESSAGE_CONTENT);

    const cancelled = await fetch(`${target.url}/api/runs/${runId}/cancel`, { method: 'POST' });
    expect(cancelled.status).toBe(202);
    expect((await readJsonResponse(cancelled, runResponseSchema)).run).toMatchObject({
      id: runId,
      status: 'cancelled',
    });
    await model.aborted;
    for (const reader of [starter, follower]) {
      expect((await finalEventOf(reader)).event).toMatchObject({
        type: EventType.RUN_ERROR,
        code: 'cancelled',
      });
    }
    const again = await fetch(`${target.url}/api/runs/${runId}/cancel`, { method: 'POST' });
    expect(again.status).toBe(202);
    expect((await readJsonResponse(again, runResponseSchema)).run.status).toBe('cancelled');
    const messages = await target.store.listMessages(threadId);
    expect(messages.map((message) => [message.role, message.content])).toEqual([
      ['user', 'hello'],
      ['assistant', 'Partial'],
    ]);
    const missing = await fetch(`${target.url}/api/runs/nope/cancel`, { method: 'POST' });
    await expectErrorResponse({ response: missing, status: 404, codes: runCodes, code: 'run_not_found' });
  });
});

describe('a run nobody stops', () => {
  it('ends at the run timeout with RUN_ERROR run_timeout, recorded as an error', async () => {
    const target = await serverWith(gatedTestModel({ before: ['Forever'] }), {
      config: { runs: { timeoutMs: 200 } },
    });
    const reader = await postRun({ url: target.url, threadId: await createThread(target) });
    const runId = await runIdOf(reader);
    expect((await finalEventOf(reader)).event).toMatchObject({
      type: EventType.RUN_ERROR,
      code: 'run_timeout',
    });
    expect(await target.store.getRun(runId)).toMatchObject({ status: 'error' });
  });
});

describe('the embedded default across a restart', () => {
  it('interrupts a run left running by a process that died, at start-up', async () => {
    const store = await openSqliteStore({ path: ':memory:' });
    await store.createThread({ id: 't' });
    // As a killed process leaves it: running, with a lease nobody will renew but not yet expired.
    const expiresAt = new Date(Date.now() + 60_000).toISOString();
    await store.startRun({
      id: 'orphan',
      threadId: 't',
      model: 'demo',
      lease: { instanceId: 'dead', expiresAt },
    });
    const running = await startServer({
      model: gatedTestModel({ before: [] }),
      store,
      systemPrompt: 'test',
      config: parseConfig({ server: { port: 0 } }),
      logError: () => {},
    });
    try {
      const response = await fetch(`${running.url}/api/runs/orphan`);
      expect((await readJsonResponse(response, runResponseSchema)).run.status).toBe('interrupted');
    } finally {
      await running.close();
      await store.close();
    }
  });

  it('interrupts what still runs when the server shuts down, telling followers and keeping the reply', async () => {
    const store = await openSqliteStore({ path: ':memory:' });
    const running = await startServer({
      model: gatedTestModel({ before: ['Said so far'] }),
      store,
      systemPrompt: 'test',
      config: parseConfig({ server: { port: 0 } }),
      logError: () => {},
    });
    try {
      const threadId = (await store.createThread({})).id;
      const reader = await postRun({ url: running.url, threadId });
      expect(reader.status).toBe(200);
      const runId = await runIdOf(reader);
      await reader.waitFor((item) => item.event.type === EventType.TEXT_MESSAGE_CONTENT);
      const closing = running.close();
      expect((await finalEventOf(reader)).event).toMatchObject({
        type: EventType.RUN_ERROR,
        code: 'interrupted',
      });
      await closing;
      expect(await store.getRun(runId)).toMatchObject({ status: 'interrupted' });
      expect((await store.listMessages(threadId)).at(-1)?.content).toBe('Said so far');
    } finally {
      await running.close();
      await store.close();
    }
  });
});
