import { EventType } from '@drawbridge/protocol';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { singleAgentProfiles } from '../agents/single-agent-profiles.ts';
import { InMemoryAuditLog } from '../governance/audit-log.ts';
import { CallLimits } from '../governance/call-limits.ts';
import { scriptedTestModel } from '../models/testing/test-models.ts';
import { openSqliteStore } from '../store/index.ts';
import type { Store } from '../store/store.ts';
import { ThreadNotFoundError } from '../store/thread-not-found-error.ts';

const owner = { userId: 'local', isAdmin: true };

import { produceThroughRunLog } from '../testing/produce-through-run-log.ts';
import type { AgentRunServices } from './agent-run-services.ts';
import type { RunRequest } from './parse-run-request.ts';
import { startAgentRun } from './start-agent-run.ts';

let store: Store;
let loggedErrors: unknown[];
let counter: number;

function services(overrides: Partial<AgentRunServices> = {}): AgentRunServices {
  return {
    store,
    model: scriptedTestModel({ script: { steps: [{ parts: [{ type: 'text', text: 'Hello there.' }] }] } }),
    auditLog: new InMemoryAuditLog(),
    callLimits: new CallLimits(),
    clock: () => new Date('2026-01-01T00:00:00Z'),
    ids: () => `id-${++counter}`,
    logError: (_message, error) => loggedErrors.push(error),
    ...overrides,
  };
}

const profiles = singleAgentProfiles({ system: 'You are a test agent.', tools: [] });

function request(overrides: Partial<RunRequest> = {}): RunRequest {
  return {
    threadId: 'thread-1',
    runId: 'run-1',
    userText: 'hello',
    clientAttached: false,
    clientState: undefined,
    declaredToolNames: [],
    toolResults: [],
    attachmentIds: [],
    continuesAfterToolResults: false,
    ...overrides,
  };
}

beforeEach(async () => {
  store = await openSqliteStore({ path: ':memory:' });
  loggedErrors = [];
  counter = 0;
});
afterEach(async () => {
  await store.close();
});

describe('startAgentRun', () => {
  it('creates the thread on first use, stores the turn, and produces events only when asked', async () => {
    const outcome = await startAgentRun({ request: request(), profiles, services: services(), owner });
    if (!outcome.started) throw new Error(`refused: ${outcome.refusal.code}`);
    expect(await store.getThread('thread-1')).toMatchObject({ id: 'thread-1', title: 'hello' });
    expect((await store.listMessages('thread-1')).map((message) => message.role)).toEqual(['user']);
    expect(await store.listRuns()).toMatchObject([{ id: outcome.run.runId, status: 'running' }]);

    const events = await produceThroughRunLog({
      run: outcome.run,
      store,
      logError: (_message, error) => loggedErrors.push(error),
    });
    expect(events[0]).toMatchObject({ type: EventType.RUN_STARTED, threadId: 'thread-1', runId: 'run-1' });
    expect(events.at(-1)?.type).toBe(EventType.RUN_FINISHED);
    expect((await store.listMessages('thread-1')).map((message) => message.content)).toEqual([
      'hello',
      'Hello there.',
    ]);
    expect(await store.listRuns()).toMatchObject([{ threadId: 'thread-1', status: 'finished' }]);
    expect(loggedErrors).toEqual([]);
  });

  it('refuses an unknown skill naming the ones it has, and creates nothing', async () => {
    const outcome = await startAgentRun({
      owner,
      request: request({ skill: 'poetry' }),
      profiles,
      services: services(),
    });
    expect(outcome).toEqual({
      started: false,
      refusal: { code: 'unknown_skill', message: 'There is no skill "poetry"; this server has: widgets.' },
    });
    expect(await store.listThreads()).toEqual([]);
  });

  it("answers in a thread only with the agent of its kind: the dashboard's conversation is not the chat's", async () => {
    const twoAgents = new Map([
      ...profiles,
      ['dashboard', { ...profiles.get('widgets')!, threadKind: 'dashboard' as const }],
    ]);
    const first = await startAgentRun({
      owner,
      request: request({ threadId: 'dashboard-thread', skill: 'dashboard' }),
      profiles: twoAgents,
      services: services(),
    });
    if (!first.started) throw new Error(`refused: ${first.refusal.code}`);
    await first.run.produceEvents({ emit: () => {}, abortSignal: new AbortController().signal });
    expect(await store.getThread('dashboard-thread')).toMatchObject({ kind: 'dashboard' });

    const chatInDashboard = await startAgentRun({
      owner,
      request: request({ threadId: 'dashboard-thread', runId: 'run-2' }),
      profiles: twoAgents,
      services: services(),
    });
    expect(chatInDashboard).toMatchObject({
      started: false,
      refusal: {
        code: 'wrong_thread_kind',
        message:
          'Thread dashboard-thread is the dashboard assistant\'s conversation; the "widgets" agent does not answer there.',
      },
    });
    await store.createThread({ id: 'chat-thread' });
    const dashboardInChat = await startAgentRun({
      owner,
      request: request({ threadId: 'chat-thread', runId: 'run-3', skill: 'dashboard' }),
      profiles: twoAgents,
      services: services(),
    });
    expect(dashboardInChat).toMatchObject({ started: false, refusal: { code: 'wrong_thread_kind' } });
    expect(await store.listMessages('chat-thread')).toEqual([]);
    expect((await store.listRuns()).map((run) => run.threadId)).toEqual(['dashboard-thread']);
  });

  it('refuses tool results for a thread it has never seen, without creating it', async () => {
    const outcome = await startAgentRun({
      owner,
      request: request({
        toolResults: [{ toolCallId: 'call-1', content: 'done' }],
        continuesAfterToolResults: true,
      }),
      profiles,
      services: services(),
    });
    expect(outcome).toMatchObject({ started: false, refusal: { code: 'nothing_to_continue' } });
    expect(await store.listThreads()).toEqual([]);
  });

  it('refuses tool results that answer no open call of an existing thread', async () => {
    await store.createThread({ id: 'thread-1' });
    const outcome = await startAgentRun({
      owner,
      request: request({
        toolResults: [{ toolCallId: 'never-made', content: 'done' }],
        continuesAfterToolResults: true,
      }),
      profiles,
      services: services(),
    });
    expect(outcome).toMatchObject({ started: false, refusal: { code: 'nothing_to_continue' } });
    expect(await store.listMessages('thread-1')).toEqual([]);
  });

  it('refuses with thread_not_found when the thread is deleted while the run starts', async () => {
    await store.createThread({ id: 'thread-1' });
    const deletingStore: Store = {
      ...store,
      appendMessage: async () => {
        await store.deleteThread('thread-1');
        throw new ThreadNotFoundError('thread-1');
      },
    };
    const outcome = await startAgentRun({
      owner,
      request: request(),
      profiles,
      services: services({ store: deletingStore }),
    });
    expect(outcome).toMatchObject({ started: false, refusal: { code: 'thread_not_found' } });
  });

  it('refuses a second run while the thread has one running, naming it and storing nothing', async () => {
    const first = await startAgentRun({ request: request(), profiles, services: services(), owner });
    if (!first.started) throw new Error(`refused: ${first.refusal.code}`);
    const second = await startAgentRun({
      owner,
      request: request({ runId: 'run-2', userText: 'and another thing' }),
      profiles,
      services: services(),
    });
    expect(second).toMatchObject({
      started: false,
      refusal: { code: 'run_in_progress', runId: first.run.runId },
    });
    expect((await store.listMessages('thread-1')).map((message) => message.content)).toEqual(['hello']);
  });

  it("refuses a runId that already names one of the user's runs, before creating a thread for it", async () => {
    const first = await startAgentRun({ request: request(), profiles, services: services(), owner });
    if (!first.started) throw new Error(`refused: ${first.refusal.code}`);
    await first.run.produceEvents({ emit: () => {}, abortSignal: new AbortController().signal });
    const reused = await startAgentRun({
      request: request({ threadId: 'thread-2' }),
      profiles,
      services: services(),
      owner,
    });
    expect(reused).toMatchObject({ started: false, refusal: { code: 'run_id_taken' } });
    // The server's own id of a run is a name of it too.
    const serverId = await startAgentRun({
      request: request({ threadId: 'thread-2', runId: first.run.runId }),
      profiles,
      services: services(),
      owner,
    });
    expect(serverId).toMatchObject({ started: false, refusal: { code: 'run_id_taken' } });
    expect(await store.getThread('thread-2')).toBeUndefined();
    // Another user names their runs as they like.
    const otherUser = await startAgentRun({
      request: request({ threadId: 'thread-2' }),
      profiles,
      services: services(),
      owner: { userId: 'someone-else', isAdmin: false },
    });
    expect(otherUser.started).toBe(true);
  });

  it('does not store a retried user message twice', async () => {
    await store.createThread({ id: 'thread-1' });
    await store.appendMessage({ id: 'first-try', threadId: 'thread-1', role: 'user', content: 'hello' });
    const outcome = await startAgentRun({ request: request(), profiles, services: services(), owner });
    expect(outcome.started).toBe(true);
    expect((await store.listMessages('thread-1')).map((message) => message.id)).toEqual(['first-try']);
  });

  describe('with form answers', () => {
    const formAnswers = { toolCallId: 'form-call', values: { rating: 4, comment: 'Lovely' } };

    async function threadWithForm() {
      await store.createThread({ id: 'thread-1' });
      await store.appendMessage({ id: 'ask', threadId: 'thread-1', role: 'user', content: 'rate us' });
      await store.appendMessage({
        id: 'carrier',
        threadId: 'thread-1',
        role: 'assistant',
        content: '',
        toolCallId: 'form-call',
        render: { tool: 'render_form', args: { title: 'Feedback' } },
      });
    }

    it('stores the answers with the user message they became', async () => {
      await threadWithForm();
      const outcome = await startAgentRun({
        request: request({ userText: 'Here are my answers', formAnswers }),
        profiles,
        services: services(),
        owner,
      });
      expect(outcome.started).toBe(true);
      expect((await store.listMessages('thread-1')).at(-1)).toMatchObject({
        role: 'user',
        content: 'Here are my answers',
        formAnswers,
      });
    });

    it('refuses answers for a form the thread never drew, storing nothing', async () => {
      await threadWithForm();
      const outcome = await startAgentRun({
        request: request({ formAnswers: { ...formAnswers, toolCallId: 'elsewhere' } }),
        profiles,
        services: services(),
        owner,
      });
      expect(outcome).toMatchObject({ started: false, refusal: { code: 'form_not_open' } });
      expect((await store.listMessages('thread-1')).map((message) => message.id)).toEqual(['ask', 'carrier']);
    });

    it('refuses a second set of answers for the same form', async () => {
      await threadWithForm();
      const first = await startAgentRun({
        request: request({ userText: 'first answers', formAnswers }),
        profiles,
        services: services(),
        owner,
      });
      if (!first.started) throw new Error(`refused: ${first.refusal.code}`);
      // The first run ends before the second is asked for (one run at a time per thread).
      await produceThroughRunLog({
        run: first.run,
        store,
        logError: (_message, error) => loggedErrors.push(error),
      });
      const second = await startAgentRun({
        request: request({ runId: 'run-2', userText: 'second answers', formAnswers }),
        profiles,
        services: services(),
        owner,
      });
      expect(second).toMatchObject({ started: false, refusal: { code: 'form_not_open' } });
    });
  });

  it('gives the thread back when the turn cannot be stored after the run claimed it (a full disk), once the store takes writes again', async () => {
    const full = Object.assign(new Error('database or disk is full'), { errcode: 13 });
    let storeIsFull = true;
    const fullStore: Store = Object.create(store, {
      appendMessage: { value: () => Promise.reject(full) },
      finishRun: {
        value: (...args: Parameters<Store['finishRun']>) =>
          storeIsFull ? Promise.reject(full) : store.finishRun(...args),
      },
    });
    await expect(
      startAgentRun({ request: request(), profiles, services: services({ store: fullStore }), owner }),
    ).rejects.toBe(full);
    expect((await store.listRuns()).map((run) => run.status)).toEqual(['running']);
    storeIsFull = false;
    await expect.poll(async () => (await store.listRuns()).map((run) => run.status)).toEqual(['error']);
    const outcome = await startAgentRun({
      request: request({ runId: 'run-2' }),
      profiles,
      services: services(),
      owner,
    });
    expect(outcome.started).toBe(true);
  });
});
