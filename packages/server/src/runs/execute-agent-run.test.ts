import { EventType, isReplyEvent, type RunEvent } from '@drawbridge/protocol';
import { describe, expect, it } from 'vitest';
import type { AgentModel } from '../agent/run-agent.ts';
import { gatedTestModel } from '../models/testing/gated-test-model.ts';
import { barChartScript, scriptedTestModel } from '../models/testing/test-models.ts';
import { openSqliteStore } from '../store/open-sqlite-store.ts';
import type { RunRecord, Store, StoredMessage } from '../store/store.ts';
import { executeAgentRun } from './execute-agent-run.ts';
import { RunStop } from './run-stop.ts';

const userTurn: StoredMessage = {
  id: 'u1',
  threadId: 't',
  role: 'user',
  content: 'show me sign-ups',
  createdAt: '2026-01-01T00:00:00.000Z',
};

async function storeWithTurn(): Promise<Store> {
  const store = await openSqliteStore({ path: ':memory:' });
  await store.createThread({ id: 't' });
  await store.appendMessage(userTurn);
  await store.startRun({ id: 'r1', threadId: 't', model: 'test' });
  return store;
}

function runOptions(store: Store, model: AgentModel, emit: (event: RunEvent) => void, signal: AbortSignal) {
  let counter = 0;
  return {
    store,
    model,
    system: 'test',
    tools: [],
    threadId: 't',
    runId: 'client-run',
    runRecordId: 'r1',
    messages: [userTurn],
    owner: { userId: 'local', isAdmin: true },
    clientAttached: false,
    ids: () => `id-${++counter}`,
    abortSignal: signal,
    reportError: (message: string, error: unknown) => {
      throw new Error(`${message}: ${String(error)}`);
    },
    emit,
  };
}

async function lastMessageOf(store: Store): Promise<StoredMessage | undefined> {
  return (await store.listMessages('t')).at(-1);
}

async function waitFor<Value>(read: () => Promise<Value | undefined>): Promise<Value> {
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    await new Promise((resolve) => setImmediate(resolve));
  }
}

describe('executeAgentRun', () => {
  it('sends RUN_FINISHED only once the run is ended and its reply stored', async () => {
    const store = await storeWithTurn();
    const seenAtFinish: Array<Promise<[RunRecord | undefined, StoredMessage | undefined]>> = [];
    const events: RunEvent[] = [];
    await executeAgentRun(
      runOptions(
        store,
        scriptedTestModel({ script: barChartScript() }),
        (event) => {
          events.push(event);
          // Queries issued now run after every write issued before this event.
          if (event.type === EventType.RUN_FINISHED) {
            seenAtFinish.push(Promise.all([store.getRun('r1'), lastMessageOf(store)]));
          }
        },
        new AbortController().signal,
      ),
    );
    expect(events.at(-1)?.type).toBe(EventType.RUN_FINISHED);
    const [run, lastMessage] = await seenAtFinish[0]!;
    expect(run?.status).toBe('finished');
    expect(lastMessage).toMatchObject({ role: 'assistant', content: expect.stringContaining('August') });
    // The widget's segment, then the prose that followed it, in the order they streamed.
    const stored = await store.listMessages('t');
    expect(stored.map((message) => [message.role, message.widget?.complete ?? null])).toEqual([
      ['user', null],
      ['assistant', true],
      ['assistant', null],
    ]);
    await store.close();
  });

  it('stores the reply while it grows, so what the user saw survives before the run ends', async () => {
    const store = await storeWithTurn();
    const model = gatedTestModel({ before: ['Half ', 'a reply'], after: [' and the rest.'] });
    const running = executeAgentRun({
      ...runOptions(store, model, () => {}, new AbortController().signal),
      messageWriteIntervalMs: 10,
    });
    const partial = await waitFor(async () => {
      const last = await lastMessageOf(store);
      return last?.role === 'assistant' ? last : undefined;
    });
    expect(partial.content).toBe('Half a reply');
    expect((await store.getRun('r1'))?.status).toBe('running');
    model.release();
    await running;
    const messages = await store.listMessages('t');
    expect(messages.map((message) => [message.role, message.content])).toEqual([
      ['user', 'show me sign-ups'],
      ['assistant', 'Half a reply and the rest.'],
    ]);
    await store.close();
  });

  it('records a cancel as cancelled and tells followers so, keeping the partial reply', async () => {
    const store = await storeWithTurn();
    const model = gatedTestModel({ before: ['Stopped here'] });
    const controller = new AbortController();
    const events: RunEvent[] = [];
    const running = executeAgentRun(
      runOptions(
        store,
        model,
        (event) => {
          events.push(event);
          if (event.type === EventType.TEXT_MESSAGE_CONTENT) controller.abort(new RunStop('cancelled'));
        },
        controller.signal,
      ),
    );
    await running;
    expect(events.at(-1)).toMatchObject({ type: EventType.RUN_ERROR, code: 'cancelled' });
    expect(await store.getRun('r1')).toMatchObject({ status: 'cancelled', error: null });
    expect((await lastMessageOf(store))?.content).toBe('Stopped here');
    await store.close();
  });

  it("stores the reply's model and token counts on its last message and tells the client before the end", async () => {
    const store = await storeWithTurn();
    const events: RunEvent[] = [];
    const result = await executeAgentRun(
      runOptions(
        store,
        scriptedTestModel({ script: barChartScript() }),
        (event) => events.push(event),
        new AbortController().signal,
      ),
    );
    const run = await store.getRun('r1');
    const details = { model: 'replay:test', inputTokens: run?.inputTokens, outputTokens: run?.outputTokens };
    expect((await lastMessageOf(store))?.reply).toEqual(details);
    const replyEvents = events.filter(isReplyEvent);
    expect(replyEvents.map((event) => event.value)).toEqual([
      { messageId: result?.eventMessageId, ...details },
    ]);
    expect(events.indexOf(replyEvents[0]!)).toBe(events.length - 2);
    await store.close();
  });

  it('stores the reply while it grows, so what the user saw survives before the run ends', async () => {
    const store = await storeWithTurn();
    const model = gatedTestModel({ before: ['Half ', 'a reply'], after: [' and the rest.'] });
    const running = executeAgentRun({
      ...runOptions(store, model, () => {}, new AbortController().signal),
      messageWriteIntervalMs: 10,
    });
    const partial = await waitFor(async () => {
      const last = await lastMessageOf(store);
      return last?.role === 'assistant' ? last : undefined;
    });
    expect(partial.content).toBe('Half a reply');
    expect((await store.getRun('r1'))?.status).toBe('running');
    model.release();
    await running;
    const messages = await store.listMessages('t');
    expect(messages.map((message) => [message.role, message.content])).toEqual([
      ['user', 'show me sign-ups'],
      ['assistant', 'Half a reply and the rest.'],
    ]);
    await store.close();
  });

  it('records a cancel as cancelled and tells followers so, keeping the partial reply', async () => {
    const store = await storeWithTurn();
    const model = gatedTestModel({ before: ['Stopped here'] });
    const controller = new AbortController();
    const events: RunEvent[] = [];
    const running = executeAgentRun(
      runOptions(
        store,
        model,
        (event) => {
          events.push(event);
          if (event.type === EventType.TEXT_MESSAGE_CONTENT) controller.abort(new RunStop('cancelled'));
        },
        controller.signal,
      ),
    );
    await running;
    expect(events.at(-1)).toMatchObject({ type: EventType.RUN_ERROR, code: 'cancelled' });
    expect(await store.getRun('r1')).toMatchObject({ status: 'cancelled', error: null });
    expect((await lastMessageOf(store))?.content).toBe('Stopped here');
    await store.close();
  });
});
