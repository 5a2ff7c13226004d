import {
  EventType,
  isDrawbridgeEvent,
  type RunEvent,
  replyOfRunEvents,
  replySegments,
} from '@drawbridge/protocol';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AgentModel } from '../agent/run-agent.ts';
import { singleAgentProfiles } from '../agents/single-agent-profiles.ts';
import { InMemoryAuditLog } from '../governance/audit-log.ts';
import { CallLimits } from '../governance/call-limits.ts';
import { gatedTestModel } from '../models/testing/gated-test-model.ts';
import { barChartScript, scriptedTestModel } from '../models/testing/test-models.ts';
import { openSqliteStore } from '../store/open-sqlite-store.ts';
import type { RunRecord, Store, StoredMessage } from '../store/store.ts';
import { produceThroughRunLog } from '../testing/produce-through-run-log.ts';
import type { AgentRun } from './agent-run.ts';
import type { AgentRunServices } from './agent-run-services.ts';
import { DatabaseRunLeases } from './run-leases/database-run-leases.ts';
import { DurableRunLog } from './run-log/durable-run-log.ts';
import { InProcessRunLog } from './run-log/in-process-run-log.ts';
import { RunRegistry } from './run-registry.ts';
import { InProcessRunSignals } from './run-signals/in-process-run-signals.ts';
import { RunStop } from './run-stop.ts';
import { RunSupervisor } from './run-supervisor.ts';
import { startAgentRun } from './start-agent-run.ts';

const owner = { userId: 'local', isAdmin: true };
const profiles = singleAgentProfiles({ system: 'test', tools: [] });

let store: Store;
let loggedErrors: unknown[];

beforeEach(async () => {
  store = await openSqliteStore({ path: ':memory:' });
  loggedErrors = [];
});
afterEach(async () => {
  // Every run stored its outcome: nothing was reported on the way.
  expect(loggedErrors).toEqual([]);
  await store.close();
});

function services(model: AgentModel, overrides: Partial<AgentRunServices> = {}): AgentRunServices {
  let counter = 0;
  return {
    store,
    model,
    auditLog: new InMemoryAuditLog(),
    callLimits: new CallLimits(),
    clock: () => new Date('2026-01-01T00:00:00Z'),
    ids: () => `id-${++counter}`,
    logError: (message, error) => loggedErrors.push(`${message}: ${String(error)}`),
    ...overrides,
  };
}

/** A run of "show me sign-ups" in thread `t`, started (record and user message stored) and not yet producing. */
async function startedRun(
  model: AgentModel,
  overrides: Partial<AgentRunServices> & { lease?: ReturnType<RunSupervisor['newLease']> } = {},
): Promise<AgentRun> {
  const { lease, ...serviceOverrides } = overrides;
  const outcome = await startAgentRun({
    request: {
      threadId: 't',
      runId: 'client-run',
      userText: 'show me sign-ups',
      clientAttached: false,
      clientState: undefined,
      declaredToolNames: [],
      toolResults: [],
      continuesAfterToolResults: false,
      attachmentIds: [],
    },
    profiles,
    services: services(model, serviceOverrides),
    owner,
    ...(lease === undefined ? {} : { lease }),
  });
  if (!outcome.started) throw new Error(`refused: ${outcome.refusal.code}`);
  return outcome.run;
}

/** Produces the run through a run log over the test's store; `onEvent` is a follower of that log. */
async function produce(
  run: AgentRun,
  onEvent: (event: RunEvent) => void,
  signal = new AbortController().signal,
  onEmit?: (event: RunEvent) => void,
) {
  await produceThroughRunLog({
    run,
    store,
    signal,
    onEvent,
    ...(onEmit === undefined ? {} : { onEmit }),
    logError: (message, error) => loggedErrors.push(`${message}: ${String(error)}`),
  });
}

async function lastMessageOf(): Promise<StoredMessage | undefined> {
  return (await store.listMessages('t')).at(-1);
}

async function waitFor<Value>(read: () => Promise<Value | undefined> | Value | undefined): Promise<Value> {
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    await new Promise((resolve) => setImmediate(resolve));
  }
}

describe('AgentRun', () => {
  it('sends RUN_FINISHED only once the run is ended and its reply stored, in the commit of that event', async () => {
    const run = await startedRun(scriptedTestModel({ script: barChartScript() }));
    const seenAtFinish: Array<Promise<[RunRecord | undefined, StoredMessage | undefined]>> = [];
    const events: RunEvent[] = [];
    await produce(run, (event) => {
      events.push(event);
      // Queries issued now run after every write issued before this event.
      if (event.type === EventType.RUN_FINISHED) {
        seenAtFinish.push(Promise.all([store.getRun(run.runId), lastMessageOf()]));
      }
    });
    expect(events[0]?.type).toBe(EventType.RUN_STARTED);
    expect(events.at(-1)?.type).toBe(EventType.RUN_FINISHED);
    expect(seenAtFinish).toHaveLength(1);
    const [record, lastMessage] = await seenAtFinish[0]!;
    expect(record?.status).toBe('finished');
    expect(lastMessage).toMatchObject({ role: 'assistant', content: expect.stringContaining('August') });
    // The widget's segment, then the prose that followed it, in the order they streamed.
    const stored = await store.listMessages('t');
    expect(stored.map((message) => [message.role, message.widget?.complete ?? null])).toEqual([
      ['user', null],
      ['assistant', true],
      ['assistant', null],
    ]);
  });

  it("stores exactly the reply its events fold into with the protocol's reducer, segment by segment", async () => {
    const run = await startedRun(scriptedTestModel({ script: barChartScript() }));
    const events: RunEvent[] = [];
    await produce(run, (event) => events.push(event));
    const reply = replyOfRunEvents(events);
    const assistant = (await store.listMessages('t')).filter((message) => message.role === 'assistant');
    const record = await store.getRun(run.runId);
    // The run record keeps the cached part too, for the dashboard's token chart.
    expect(record?.cachedInputTokens).toBe(0);
    const details = {
      model: 'replay:test',
      inputTokens: record?.inputTokens,
      // The scripted model reports what it estimates, and a script has no prompt cache.
      cachedInputTokens: 0,
      outputTokens: record?.outputTokens,
    };
    // What a browser folds from the same events is what the store holds, under ids derived from the reply's.
    expect(assistant.map(({ id, content, widget, reply }) => ({ id, content, widget, reply }))).toEqual(
      replySegments(reply!).map((segment, index, all) => ({
        widget: undefined,
        ...segment,
        reply: index === all.length - 1 ? details : undefined,
      })),
    );
    expect(assistant.map((message) => message.id)).toEqual([reply!.id, `${reply!.id}-2`]);
  });

  it('stores the reply so far before a tool call is announced, so a carrier the browser adds comes after it', async () => {
    const model = scriptedTestModel({
      script: {
        steps: [
          {
            parts: [
              { type: 'text', text: 'Before the call. ' },
              { type: 'tool-call', toolName: 'not_offered', input: {} },
            ],
          },
          { parts: [{ type: 'text', text: 'After it.' }] },
        ],
      },
    });
    const run = await startedRun(model);
    const storedAtCall: Array<Promise<StoredMessage[]>> = [];
    // Read as the call is announced: after every write issued before it, before anything the call brings.
    await produce(
      run,
      () => {},
      undefined,
      (event) => {
        if (event.type === EventType.TOOL_CALL_START) storedAtCall.push(store.listMessages('t'));
      },
    );
    const atCall = await storedAtCall[0]!;
    expect(atCall.map((message) => [message.role, message.content])).toEqual([
      ['user', 'show me sign-ups'],
      ['assistant', 'Before the call. '],
    ]);
    expect((await store.listMessages('t')).map((message) => message.content)).toEqual([
      'show me sign-ups',
      'Before the call. ',
      'After it.',
    ]);
  });

  it('records a cancel as cancelled and tells followers so, keeping the partial reply', async () => {
    const run = await startedRun(gatedTestModel({ before: ['Stopped here'] }));
    const controller = new AbortController();
    const events: RunEvent[] = [];
    await produce(
      run,
      (event) => {
        events.push(event);
        if (event.type === EventType.TEXT_MESSAGE_CONTENT) controller.abort(new RunStop('cancelled'));
      },
      controller.signal,
    );
    expect(events.at(-1)).toMatchObject({ type: EventType.RUN_ERROR, code: 'cancelled' });
    expect(await store.getRun(run.runId)).toMatchObject({ status: 'cancelled', error: null });
    expect((await lastMessageOf())?.content).toBe('Stopped here');
  });

  it("stores the reply's model and token counts on its last message and tells the client before the end", async () => {
    const run = await startedRun(scriptedTestModel({ script: barChartScript() }));
    const events: RunEvent[] = [];
    await produce(run, (event) => events.push(event));
    const record = await store.getRun(run.runId);
    const details = {
      model: 'replay:test',
      inputTokens: record?.inputTokens,
      // The scripted model reports what it estimates, and a script has no prompt cache.
      cachedInputTokens: 0,
      outputTokens: record?.outputTokens,
    };
    expect((await lastMessageOf())?.reply).toEqual(details);
    const messageId = events.find((event) => event.type === EventType.TEXT_MESSAGE_START)?.messageId;
    const replyEvents = events.filter((event) => isDrawbridgeEvent(event, 'drawbridge.reply'));
    expect(replyEvents.map((event) => event.value)).toEqual([{ messageId, ...details }]);
    expect(events.indexOf(replyEvents[0]!)).toBe(events.length - 2);
  });

  it('is registered once, by the supervisor that executes it, until its log is written', async () => {
    const runs = new RunRegistry();
    const log = new DurableRunLog({
      store,
      live: new InProcessRunLog(),
      logError: (message, error) => loggedErrors.push(`${message}: ${String(error)}`),
    });
    const leases = new DatabaseRunLeases({
      store,
      instanceId: 'here',
      leaseMs: 60_000,
      clock: () => new Date(),
    });
    const supervisor = new RunSupervisor({
      leases,
      log,
      signals: new InProcessRunSignals(),
      logError: (message, error) => loggedErrors.push(`${message}: ${String(error)}`),
      runs,
    });
    const model = gatedTestModel({ before: ['Half a reply'], after: [' and the rest.'] });
    const run = await startedRun(model, { lease: supervisor.newLease() });
    supervisor.launch(run);
    await waitFor(() => (model.calls() === 1 ? true : undefined));
    expect(runs.size).toBe(1);
    model.release();
    await runs.settled();
    expect(runs.size).toBe(0);
    const logged: RunEvent[] = [];
    const signal = new AbortController().signal;
    await log.follow({ runId: run.runId, after: 0, signal, onEvent: ({ event }) => void logged.push(event) });
    expect(logged.at(-1)?.type).toBe(EventType.RUN_FINISHED);
    expect((await store.getRun(run.runId))?.status).toBe('finished');
    await supervisor.shutdown();
    await log.close();
  });
});
