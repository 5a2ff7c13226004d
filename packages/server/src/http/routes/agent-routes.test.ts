import { HttpAgent } from '@ag-ui/client';
import {
  agentRouteErrorCodes,
  appErrorCodes,
  buildRunAgentInput,
  decodeEventStream,
  EventType,
  errorResponseSchemaFor,
  type RunEvent,
  threadListResponseSchema,
} from '@drawbridge/protocol';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { gatedTestModel } from '../../models/testing/gated-test-model.ts';
import { steppedTestModel } from '../../models/testing/stepped-test-model.ts';
import { barChartScript, scriptedTestModel } from '../../models/testing/test-models.ts';
import { rawHttpRequest } from '../../testing/raw-http.ts';
import { startTestServer, type TestServer } from '../../testing/test-server.ts';

const agentErrorResponseSchema = errorResponseSchemaFor([...appErrorCodes, ...agentRouteErrorCodes]);

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function createThread(target: TestServer): Promise<string> {
  const response = await fetch(`${target.url}/api/threads`, { method: 'POST' });
  return ((await response.json()) as { thread: { id: string } }).thread.id;
}

function runBody(threadId: string, text = 'show me sign-ups'): string {
  return JSON.stringify(
    buildRunAgentInput({
      threadId,
      runId: `run-${Math.random().toString(36).slice(2)}`,
      userMessageId: 'u1',
      text,
    }),
  );
}

async function waitFor<Value>(read: () => Promise<Value | undefined>, timeoutMs = 5000): Promise<Value> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('POST /api/agent over a real socket', () => {
  it.each([
    ['ndjson', 'application/x-ndjson', '{"type":"'],
    ['sse', 'text/event-stream', 'data: '],
  ])('delivers %s events as they happen, not at the end', async (_format, accept, marker) => {
    const pieces = ['piece-1 ', 'piece-2 ', 'piece-3 ', 'piece-4 ', 'piece-5'];
    const model = steppedTestModel({ pieces });
    // No heartbeat within the test: the events counted below are the run's own.
    server = await startTestServer({ model, heartbeatIntervalMs: 600_000 });
    const threadId = await createThread(server);
    const exchange = rawHttpRequest({
      port: server.port,
      path: '/api/agent',
      headers: { 'Content-Type': 'application/json', Accept: accept },
      body: runBody(threadId),
    });
    const received = () => exchange.arrivals.map((arrival) => arrival.text).join('');
    // The headers and the run's first events are on the socket before the model has sent any text.
    await expect.poll(received, { timeout: 10_000 }).toContain('RUN_STARTED');
    expect(received()).toMatch(/^HTTP\/1\.1 200/);
    expect(received().toLowerCase()).not.toContain('content-encoding');
    for (const piece of pieces) {
      model.step();
      // Each piece reaches the socket while the model still holds every later one: nothing waits for the end.
      await expect.poll(received, { timeout: 10_000 }).toContain(`"delta":"${piece}"`);
      expect(received()).not.toContain('TEXT_MESSAGE_END');
    }
    model.step();
    const arrivals = await exchange.finished;
    const text = arrivals.map((arrival) => arrival.text).join('');
    expect(text).toContain('RUN_FINISHED');
    // Per run: RUN_STARTED, drawbridge.run, TEXT_MESSAGE_START, a piece each, TEXT_MESSAGE_END,
    // drawbridge.reply, RUN_FINISHED.
    expect(text.split(marker).length - 1).toBe(pieces.length + 6);
    // The pieces came in separate socket reads, one at least per step.
    expect(arrivals.length).toBeGreaterThan(pieces.length);
  });

  it('sends heartbeats while the model is silent', async () => {
    const model = gatedTestModel({ before: ['Thinking'], after: [' hard.'] });
    server = await startTestServer({ model, heartbeatIntervalMs: 40 });
    const threadId = await createThread(server);
    const response = await fetch(`${server.url}/api/agent`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: runBody(threadId),
    });
    const events: RunEvent[] = [];
    const isHeartbeat = (event: RunEvent) =>
      event.type === EventType.CUSTOM && event.name === 'drawbridge.heartbeat';
    for await (const event of decodeEventStream(response.body!)) {
      events.push(event);
      // The model says nothing until three heartbeats have come: they fill its silence, not a timer of ours.
      if (events.filter(isHeartbeat).length === 3) model.release();
    }
    const heartbeats = events.filter(isHeartbeat);
    expect(heartbeats.length).toBeGreaterThanOrEqual(3);
    expect(heartbeats[0]).toMatchObject({ value: { at: expect.any(Number) } });
    // Heartbeats only ever fill gaps inside the run.
    expect(events[0]?.type).toBe(EventType.RUN_STARTED);
    expect(events.at(-1)?.type).toBe(EventType.RUN_FINISHED);
    const text = events.flatMap((event) =>
      event.type === EventType.TEXT_MESSAGE_CONTENT ? [event.delta] : [],
    );
    expect(text.join('')).toBe('Thinking hard.');
  });

  it('keeps the run going when the client disconnects, and stores the whole reply', async () => {
    server = await startTestServer({
      model: scriptedTestModel({ script: barChartScript(), tokensPerSecond: 150 }),
    });
    const threadId = await createThread(server);
    let disconnected = false;
    const exchange = rawHttpRequest({
      port: server.port,
      path: '/api/agent',
      headers: { 'Content-Type': 'application/json' },
      body: runBody(threadId),
      onArrival: (_arrival, current) => {
        const received = current.arrivals.map((arrival) => arrival.text).join('');
        if (!disconnected && received.includes('"part":"html"')) {
          disconnected = true;
          current.socket.destroy();
        }
      },
    });
    await exchange.finished;
    expect(disconnected).toBe(true);

    const store = server.store;
    const run = await waitFor(async () => {
      const [record] = await store.listRuns();
      return record?.status === 'running' ? undefined : record;
    }, 15_000);
    expect(run.status).toBe('finished');
    const messages = await store.listMessages(threadId);
    // The chart with the prose before it, then the prose after it.
    expect(messages.map((message) => message.role)).toEqual(['user', 'assistant', 'assistant']);
    expect(messages[1]?.widget?.complete).toBe(true);
    expect(messages[2]?.content).toContain('August with 91');
  });

  it('runs a two-turn conversation with a stock AG-UI HttpAgent', async () => {
    server = await startTestServer({ model: scriptedTestModel({ script: barChartScript() }) });
    const threadId = await createThread(server);
    const agent = new HttpAgent({ url: `${server.url}/api/agent`, threadId });

    agent.addMessage({ id: 'user-1', role: 'user', content: 'show me sign-ups' });
    await agent.runAgent();
    agent.addMessage({ id: 'user-2', role: 'user', content: 'and again' });
    await agent.runAgent();

    const assistantMessages = agent.messages.filter((message) => message.role === 'assistant');
    expect(assistantMessages).toHaveLength(2);
    for (const message of assistantMessages) {
      expect(message.content).toContain('Here is a small bar chart');
      expect(message.content).toContain('August with 91');
      expect(message.content).not.toContain('@@');
    }
    const stored = await server.store.listMessages(threadId);
    expect(stored.map((message) => message.role)).toEqual([
      'user',
      'assistant',
      'assistant',
      'user',
      'assistant',
      'assistant',
    ]);
  });

  it('runs a stock AG-UI HttpAgent on a fresh threadId with no call before it', async () => {
    server = await startTestServer({ model: scriptedTestModel({ script: barChartScript() }) });
    const threadId = `fresh-${crypto.randomUUID()}`;
    const agent = new HttpAgent({ url: `${server.url}/api/agent`, threadId });

    agent.addMessage({ id: 'user-1', role: 'user', content: 'show me sign-ups' });
    await agent.runAgent();

    const assistant = agent.messages.find((message) => message.role === 'assistant');
    expect(assistant?.content).toContain('Here is a small bar chart');
    const threads = threadListResponseSchema.parse(await (await fetch(`${server.url}/api/threads`)).json());
    expect(threads.threads.map((thread) => thread.id)).toEqual([threadId]);
    const stored = await server.store.listMessages(threadId);
    expect(stored.map((message) => message.role)).toEqual(['user', 'assistant', 'assistant']);
  });

  it('creates one thread when two first runs of a fresh threadId arrive together', async () => {
    server = await startTestServer({ model: scriptedTestModel({ script: barChartScript() }) });
    const target = server;
    const threadId = `fresh-${crypto.randomUUID()}`;
    const responses = await Promise.all(
      ['first', 'second'].map((text) =>
        fetch(`${target.url}/api/agent`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: runBody(threadId, text),
        }),
      ),
    );
    for (const response of responses) {
      expect(response.status).toBe(200);
      const events: RunEvent[] = [];
      for await (const event of decodeEventStream(response.body!)) events.push(event);
      expect(events.at(-1)?.type).toBe(EventType.RUN_FINISHED);
    }
    expect((await target.store.listThreads()).map((thread) => thread.id)).toEqual([threadId]);
    const users = (await target.store.listMessages(threadId)).filter((message) => message.role === 'user');
    expect(users.map((message) => message.content).sort()).toEqual(['first', 'second']);
  });
});

describe('POST /api/agent fuzzing', () => {
  it('never answers 5xx, whatever the body and headers', async () => {
    server = await startTestServer({
      model: scriptedTestModel({ script: { steps: [{ parts: [{ type: 'text', text: 'ok' }] }] } }),
    });
    const target = server;
    const threadId = await createThread(target);
    const headerValue = fc.string({
      unit: fc.constantFrom(...' abcdefghijklmnopqrstuvwxyz/*;=,.+-0123456789'),
    });
    const runShaped = fc.record({
      threadId: fc.oneof(fc.constant(threadId), fc.string(), fc.anything()),
      runId: fc.oneof(fc.string(), fc.anything()),
      messages: fc.oneof(
        fc.array(
          fc.record({
            id: fc.oneof(fc.string(), fc.integer()),
            role: fc.constantFrom('user', 'assistant', 'system', 'tool', 'robot'),
            content: fc.oneof(fc.string(), fc.array(fc.anything()), fc.anything()),
          }),
          { maxLength: 3 },
        ),
        fc.anything(),
      ),
      forwardedProps: fc.anything(),
    });
    const body = fc.oneof(
      runShaped.map((value) => JSON.stringify(value)),
      fc.jsonValue().map((value) => JSON.stringify(value)),
      fc.string(),
    );
    await fc.assert(
      fc.asyncProperty(
        body,
        fc.option(headerValue),
        fc.constantFrom('application/json', 'text/plain', 'application/problem+json', ''),
        async (payload, accept, contentType) => {
          const headers: Record<string, string> = {};
          if (accept !== null) headers.Accept = accept;
          if (contentType !== '') headers['Content-Type'] = contentType;
          const response = await fetch(`${target.url}/api/agent`, { method: 'POST', headers, body: payload });
          const text = await response.text();
          expect(response.status, text).toBeLessThan(500);
          if (response.status >= 400) {
            // Every refusal carries a code the route declares (or one the app answers for any route).
            const parsed = agentErrorResponseSchema.safeParse(JSON.parse(text));
            expect(parsed.success, text).toBe(true);
          }
        },
      ),
      { numRuns: 200 },
    );
  });
});
