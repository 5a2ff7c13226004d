import { type Attachment, type RunEvent, runEvents } from '@drawbridge/protocol';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/api-error.ts';
import type { AgentRunRequest } from '../api/stream-agent-run.ts';
import type { CompletedToolCall } from '../transcript/tool-call-hook.ts';
import type { TranscriptMessage } from '../transcript/transcript-state.ts';
import { AgentRunClient, type AgentRunClientOptions } from './agent-run-client.ts';
import type { AgentRunTransport } from './agent-run-transport.ts';
import type { LoadedThread } from './load-stored-thread.ts';

const messageId = 'assistant-1';

/** For transports whose runs never need following or cancelling. */
const notFollowed: Pick<AgentRunTransport, 'follow' | 'cancel'> = {
  follow: () => {
    throw new Error('this test follows no run');
  },
  cancel: async () => {},
};

/** A transport that plays `events` for every run and records the requests. */
function scriptedTransport(events: RunEvent[]): AgentRunTransport & { requests: AgentRunRequest[] } {
  const requests: AgentRunRequest[] = [];
  return {
    ...notFollowed,
    requests,
    async *start(request) {
      requests.push(request);
      for (const event of events) yield { event };
    },
  };
}

/**
 * A transport whose run stays open until the server is asked to cancel it (then its final event says so),
 * or until its signal aborts, as a real fetch does.
 */
function hangingTransport(first: RunEvent[]): AgentRunTransport & { cancelled: string[] } {
  const cancelled: string[] = [];
  let cancel: () => void = () => {};
  return {
    cancelled,
    follow: notFollowed.follow,
    cancel: async ({ runId }) => {
      cancelled.push(runId);
      cancel();
    },
    async *start(request) {
      for (const event of first) yield { event };
      await new Promise<void>((resolve, reject) => {
        cancel = resolve;
        const fail = () => reject(new DOMException('aborted', 'AbortError'));
        if (request.signal.aborted) fail();
        request.signal.addEventListener('abort', fail);
      });
      yield { event: runEvents.runError({ message: 'The run was cancelled.', code: 'cancelled' }) };
    },
  };
}

/** A transport whose runs the test feeds event by event (`push`), ending each with `end`. */
function controlledTransport(): AgentRunTransport & {
  requests: AgentRunRequest[];
  push(runIndex: number, event: RunEvent): void;
  end(runIndex: number): void;
  /**
   * Resolves once the client has taken in every event pushed to the run so far: its reader asked for the
   * next one, which it does only after handling the last. How a test waits on a run whose thread is not on
   * screen, whose snapshot it cannot subscribe to.
   */
  taken(runIndex: number): Promise<void>;
} {
  const requests: AgentRunRequest[] = [];
  const queues: Array<{
    events: Array<RunEvent | 'end'>;
    wake: (() => void) | undefined;
    waiting: boolean;
    onWaiting: Array<() => void>;
  }> = [];
  const queue = (index: number) => {
    queues[index] ??= { events: [], wake: undefined, waiting: false, onWaiting: [] };
    return queues[index];
  };
  const feed = (index: number, item: RunEvent | 'end') => {
    const target = queue(index);
    target.events.push(item);
    target.waiting = false;
    target.wake?.();
  };
  return {
    ...notFollowed,
    requests,
    push: (index, event) => feed(index, event),
    end: (index) => feed(index, 'end'),
    taken: (index) =>
      new Promise((resolve) => {
        const target = queue(index);
        if (target.waiting && target.events.length === 0) resolve();
        else target.onWaiting.push(resolve);
      }),
    async *start(request) {
      const index = requests.push(request) - 1;
      const source = queue(index);
      for (;;) {
        const next = source.events.shift();
        if (next === 'end') return;
        if (next !== undefined) {
          yield { event: next };
          continue;
        }
        source.waiting = true;
        for (const resolve of source.onWaiting.splice(0)) resolve();
        await new Promise<void>((resolve) => {
          source.wake = resolve;
        });
      }
    },
  };
}

function proseOf(client: AgentRunClient<string>): string[] {
  return client
    .getSnapshot()
    .transcript.messages.flatMap((message) =>
      message.parts.flatMap((part) => (part.kind === 'prose' ? [`${message.role}: ${part.text}`] : [])),
    );
}

function createClient(overrides: Partial<AgentRunClientOptions<string>> = {}) {
  let counter = 0;
  return new AgentRunClient<string>({
    createThread: async () => 'thread-new',
    ids: () => `id-${++counter}`,
    now: () => 0,
    ...overrides,
  });
}

/** Resolves once `ready` holds for what the client shows: at once, or at the change that makes it so. */
function until(client: AgentRunClient<string>, ready: () => boolean): Promise<void> {
  return new Promise((resolve) => {
    if (ready()) {
      resolve();
      return;
    }
    const unsubscribe = client.subscribe(() => {
      if (!ready()) return;
      unsubscribe();
      resolve();
    });
  });
}

/** Resolves once the client's status leaves `running`. */
function settled(client: AgentRunClient<string>): Promise<void> {
  return new Promise((resolve) => {
    const check = () => {
      if (client.getSnapshot().status.phase !== 'running') {
        unsubscribe();
        resolve();
      }
    };
    const unsubscribe = client.subscribe(check);
  });
}

function toolCall(toolCallId: string, toolCallName: string, args: string[]): RunEvent[] {
  return [
    runEvents.toolCallStart({ toolCallId, toolCallName, parentMessageId: messageId }),
    ...args.map((delta) => runEvents.toolCallArgs({ toolCallId, delta })),
    runEvents.toolCallEnd({ toolCallId }),
  ];
}

describe('AgentRunClient', () => {
  it('creates the thread for a first message, folds the run into the transcript and says it finished', async () => {
    const transport = scriptedTransport([
      runEvents.runStarted({ threadId: 'thread-new', runId: 'r' }),
      runEvents.textStart({ messageId }),
      runEvents.textContent({ messageId, delta: 'Hello.' }),
      runEvents.textEnd({ messageId }),
      runEvents.runFinished({ threadId: 'thread-new', runId: 'r' }),
    ]);
    const onThreadCreated = vi.fn();
    const onRunSettled = vi.fn();
    const client = createClient({
      transport,
      onThreadCreated,
      onRunSettled,
      skill: 'dashboard',
      readState: () => ({ dashboard: { page: 'overview' } }),
    });
    const done = settled(client);
    expect(client.send('  hi  ')).toEqual({ ok: true, message: 'Sent as your next message.' });
    await done;

    const { threadId, transcript, status } = client.getSnapshot();
    expect(threadId).toBe('thread-new');
    expect(onThreadCreated).toHaveBeenCalledWith('thread-new');
    expect(onRunSettled).toHaveBeenCalledTimes(1);
    expect(status).toEqual({ phase: 'finished', elapsedMs: 0 });
    expect(transcript.messages.map((message) => [message.role, message.parts])).toEqual([
      ['user', [{ kind: 'prose', text: 'hi' }]],
      ['assistant', [{ kind: 'prose', text: 'Hello.' }]],
    ]);
    expect(transport.requests).toMatchObject([
      { threadId: 'thread-new', text: 'hi', skill: 'dashboard', state: { dashboard: { page: 'overview' } } },
    ]);
    expect(transport.requests[0]?.userMessageId).toBe(transcript.messages[0]?.id);
  });

  it('sends the files a message carries by their ids, shows them on it, and sends them again on a retry', async () => {
    const transport = scriptedTransport([
      runEvents.runStarted({ threadId: 'thread-1', runId: 'r' }),
      runEvents.runError({ message: 'The model is unavailable.', code: 'model_error' }),
    ]);
    const client = createClient({ transport, initialThreadId: 'thread-1' });
    const table: Attachment = { id: 'file-1', name: 'cities.csv', mediaType: 'text/csv', size: 40 };
    expect(client.send('   ').ok).toBe(false);
    let done = settled(client);
    expect(client.send('', { attachments: [table] }).ok).toBe(true);
    await done;
    expect(client.getSnapshot().transcript.messages[0]).toMatchObject({ role: 'user', attachments: [table] });
    expect(transport.requests[0]).toMatchObject({ text: '', attachmentIds: ['file-1'] });

    done = settled(client);
    client.retry();
    await done;
    expect(transport.requests[1]).toMatchObject({ text: '', attachmentIds: ['file-1'] });
    expect(client.getSnapshot().transcript.messages[0]).toMatchObject({ attachments: [table] });
  });

  it('hands only the calls the server parked to the handler, with the arguments the transcript accumulated', async () => {
    const drawn: CompletedToolCall[] = [];
    const client = createClient({
      initialThreadId: 'thread-1',
      transport: scriptedTransport([
        runEvents.textStart({ messageId }),
        ...toolCall('call-parked', 'render_table', ['{"rows"', ':[]}']),
        runEvents.parkedCall({ toolCallId: 'call-parked' }),
        runEvents.toolCallResult({ messageId: 't1', toolCallId: 'call-parked', content: 'Displayed.' }),
        ...toolCall('call-refused', 'render_image', ['{}']),
        runEvents.toolCallResult({ messageId: 't2', toolCallId: 'call-refused', content: 'Error: refused' }),
        runEvents.parkedCall({ toolCallId: 'call-never-started' }),
        runEvents.runFinished({ threadId: 'thread-1', runId: 'r' }),
      ]),
      drawToolCall: (call, context) => {
        drawn.push(call);
        expect(context.threadId).toBe('thread-1');
        return `view of ${call.toolCallName}`;
      },
    });
    const done = settled(client);
    client.send('show me');
    await done;

    expect(drawn).toEqual([
      { toolCallId: 'call-parked', toolCallName: 'render_table', argsJson: '{"rows":[]}', restored: false },
    ]);
    expect([...client.getSnapshot().toolCallViews]).toEqual([['call-parked', 'view of render_table']]);
  });

  it("reports the run's error, and a refused request in the server's words", async () => {
    const failing = createClient({
      transport: scriptedTransport([
        runEvents.runError({ message: 'The model call failed: 401', code: 'model_error' }),
      ]),
    });
    let done = settled(failing);
    failing.send('hi');
    await done;
    expect(failing.getSnapshot().status).toEqual({ phase: 'failed', message: 'The model call failed: 401' });

    const refused = createClient({
      transport: {
        ...notFollowed,
        start: () => {
          throw new ApiError({ code: 'thread_not_found', message: 'Thread t does not exist.', status: 404 });
        },
      },
    });
    done = settled(refused);
    refused.send('hi');
    await done;
    expect(refused.getSnapshot().status).toEqual({ phase: 'failed', message: 'Thread t does not exist.' });
  });

  it('refuses a second message while a reply runs, and stops it by cancelling the run on the server', async () => {
    const transport = hangingTransport([
      runEvents.runInfo({ model: 'test', demo: false, runId: 'server-run-1' }),
      runEvents.textStart({ messageId }),
    ]);
    const client = createClient({ initialThreadId: 'thread-1', transport });
    const done = settled(client);
    expect(client.send('first').ok).toBe(true);
    expect(client.send('second')).toEqual({
      ok: false,
      message: 'A reply is still being generated; wait for it to finish.',
    });
    expect(client.send('   ')).toEqual({ ok: false, message: 'The message is empty.' });
    // The reply has begun (its run's id came first), so Stop cancels that run on the server.
    await until(client, () =>
      client.getSnapshot().transcript.messages.some((message) => message.role === 'assistant'),
    );
    client.stop();
    await done;
    expect(transport.cancelled).toEqual(['server-run-1']);
    expect(client.getSnapshot().status).toEqual({ phase: 'stopped', elapsedMs: 0 });
  });

  it('continues a stopped reply: no new user message, the continuation appended to that reply', async () => {
    const transport = controlledTransport();
    const client = createClient({ initialThreadId: 'thread-1', transport });
    expect(client.continue()).toEqual({ ok: false, message: 'There is no reply to continue.' });
    let done = settled(client);
    client.send('Tell me a story');
    transport.push(0, runEvents.textStart({ messageId }));
    transport.push(0, runEvents.textContent({ messageId, delta: 'Once upon a ' }));
    transport.push(0, runEvents.runError({ message: 'The run was cancelled.', code: 'cancelled' }));
    await done;
    done = settled(client);
    expect(client.continue()).toEqual({ ok: true, message: 'Continuing.' });
    transport.push(1, runEvents.textStart({ messageId: 'assistant-2' }));
    transport.push(1, runEvents.textContent({ messageId: 'assistant-2', delta: 'time.' }));
    transport.push(1, runEvents.runFinished({ threadId: 'thread-1', runId: 'r2' }));
    await done;
    expect(transport.requests[1]).toMatchObject({
      threadId: 'thread-1',
      text: 'Tell me a story',
      continue: true,
    });
    expect(proseOf(client)).toEqual(['user: Tell me a story', 'assistant: Once upon a time.']);
  });

  it('restores a thread and draws its calls again as restored, without answering them', async () => {
    const stored: TranscriptMessage[] = [
      { id: 'u1', role: 'user', parts: [{ kind: 'prose', text: 'chart it' }] },
      {
        id: 'a1',
        role: 'assistant',
        parts: [
          {
            kind: 'tool-call',
            call: { toolCallId: 'c1', toolCallName: 'render_chart', argsJson: '{}', complete: true },
          },
        ],
      },
    ];
    const drawn: CompletedToolCall[] = [];
    const client = createClient({
      loadThread: async () => ({ messages: stored, activeRun: null, kind: 'chat' }),
      drawToolCall: (call) => {
        drawn.push(call);
        return 'chart';
      },
    });
    expect(await client.openThread('thread-1')).toEqual({ status: 'opened' });
    expect(client.getSnapshot()).toMatchObject({ threadId: 'thread-1', transcript: { messages: stored } });
    expect(drawn).toEqual([
      { toolCallId: 'c1', toolCallName: 'render_chart', argsJson: '{}', restored: true },
    ]);
    expect(client.getSnapshot().toolCallViews.get('c1')).toBe('chart');
  });

  it('lets neither a load overtaken by a newer thread nor a failed one overwrite the state', async () => {
    let finishLoad: (loaded: LoadedThread) => void = () => {};
    const client = createClient({
      loadThread: (threadId) =>
        threadId === 'slow'
          ? new Promise((resolve) => {
              finishLoad = resolve;
            })
          : Promise.reject(new Error('offline')),
    });
    const slow = client.openThread('slow');
    expect(await client.openThread('broken')).toEqual({
      status: 'failed',
      message: 'The connection to the server failed: offline',
    });
    finishLoad({
      messages: [{ id: 'u1', role: 'user', parts: [{ kind: 'prose', text: 'old' }] }],
      activeRun: null,
      kind: 'chat',
    });
    expect(await slow).toEqual({ status: 'superseded' });
    expect(client.getSnapshot()).toMatchObject({ threadId: 'broken', transcript: { messages: [] } });
  });

  it("draws no other agent's thread: the dashboard's conversation is elsewhere, not drawn as a chat", async () => {
    const drawn: CompletedToolCall[] = [];
    const client = createClient({
      loadThread: async () => ({
        messages: [
          { id: 'u1', role: 'user', parts: [{ kind: 'prose', text: 'chart the token usage' }] },
          {
            id: 'a1',
            role: 'assistant',
            parts: [
              {
                kind: 'tool-call',
                call: {
                  toolCallId: 'c1',
                  toolCallName: 'render_chart',
                  argsJson: '{"metric":"tokens"}',
                  complete: true,
                },
              },
            ],
          },
        ],
        activeRun: null,
        kind: 'dashboard',
      }),
      drawToolCall: (call) => {
        drawn.push(call);
        return 'chart';
      },
    });
    expect(await client.openThread('dashboard-thread')).toEqual({ status: 'elsewhere', kind: 'dashboard' });
    expect(client.getSnapshot()).toMatchObject({
      threadId: 'dashboard-thread',
      transcript: { messages: [] },
    });
    expect(drawn).toEqual([]);
  });

  it("says a thread is missing (or someone else's) apart from a load that failed", async () => {
    const client = createClient({
      loadThread: async () => {
        throw new ApiError({ code: 'thread_not_found', message: 'thread t does not exist', status: 404 });
      },
    });
    expect(await client.openThread('t')).toEqual({ status: 'missing' });
    expect(client.getSnapshot()).toMatchObject({ threadId: 't', transcript: { messages: [] } });
  });

  it('retries the last user message in place of the failed turn', async () => {
    const transport = scriptedTransport([runEvents.runError({ message: 'Busy.', code: 'model_error' })]);
    const client = createClient({ initialThreadId: 'thread-1', transport });
    let done = settled(client);
    client.send('hello');
    await done;
    done = settled(client);
    client.retry();
    await done;
    expect(transport.requests.map((request) => request.text)).toEqual(['hello', 'hello']);
    expect(
      client.getSnapshot().transcript.messages.filter((message) => message.role === 'user'),
    ).toHaveLength(1);
  });

  describe('with a reply running while another thread is opened', () => {
    const otherThread: TranscriptMessage[] = [
      { id: 'o1', role: 'user', parts: [{ kind: 'prose', text: 'other question' }] },
    ];

    it('keeps streaming into its own thread, shows nothing of it elsewhere, and is there on return', async () => {
      const transport = controlledTransport();
      const loads: string[] = [];
      const client = createClient({
        initialThreadId: 'thread-a',
        transport,
        loadThread: async (threadId) => {
          loads.push(threadId);
          return { messages: threadId === 'thread-b' ? otherThread : [], activeRun: null, kind: 'chat' };
        },
      });
      client.send('draw it');
      transport.push(0, runEvents.textContent({ messageId, delta: 'Half' }));
      await until(client, () => proseOf(client).includes('assistant: Half'));
      expect(await client.openThread('thread-b')).toEqual({ status: 'opened' });
      transport.push(0, runEvents.textContent({ messageId, delta: ' and the rest.' }));
      await transport.taken(0);
      expect(client.getSnapshot()).toMatchObject({ threadId: 'thread-b', status: { phase: 'idle' } });
      expect(proseOf(client)).toEqual(['user: other question']);

      expect(await client.openThread('thread-a')).toEqual({ status: 'opened' });
      expect(client.getSnapshot().status.phase).toBe('running');
      expect(proseOf(client)).toEqual(['user: draw it', 'assistant: Half and the rest.']);
      // Shown as it stands, not reloaded under the running reply.
      expect(loads).toEqual(['thread-b']);
      const done = settled(client);
      transport.push(0, runEvents.runFinished({ threadId: 'thread-a', runId: 'r' }));
      await done;
      expect(client.getSnapshot().status.phase).toBe('finished');
      expect(transport.requests.map((request) => request.threadId)).toEqual(['thread-a']);
    });

    it('draws and answers the calls parked for it in the background, and takes the answers to that thread', async () => {
      const transport = controlledTransport();
      const drawn: Array<{ threadId: string; call: CompletedToolCall }> = [];
      let sendFromForm: ((text: string) => unknown) | undefined;
      const client = createClient({
        initialThreadId: 'thread-a',
        transport,
        loadThread: async () => ({ messages: otherThread, activeRun: null, kind: 'chat' }),
        drawToolCall: (call, context) => {
          drawn.push({ threadId: context.threadId, call });
          sendFromForm = (text) => context.sendUserMessage(text);
          return 'form';
        },
      });
      client.send('ask me');
      await client.openThread('thread-b');
      for (const event of toolCall('c1', 'render_form', ['{}'])) transport.push(0, event);
      transport.push(0, runEvents.parkedCall({ toolCallId: 'c1' }));
      const done = settled(client);
      await client.openThread('thread-a');
      transport.end(0);
      await done;
      expect(drawn.map(({ threadId, call }) => [threadId, call.toolCallId, call.restored])).toEqual([
        ['thread-a', 'c1', false],
      ]);
      expect(client.getSnapshot().toolCallViews.get('c1')).toBe('form');

      await client.openThread('thread-b');
      expect(sendFromForm?.('my answers')).toMatchObject({ ok: true });
      expect(transport.requests.map((request) => [request.threadId, request.text])).toEqual([
        ['thread-a', 'ask me'],
        ['thread-a', 'my answers'],
      ]);
      expect(proseOf(client)).toEqual(['user: other question']);
    });

    it('starts a new chat while the reply goes on, and keeps the two apart', async () => {
      const transport = controlledTransport();
      let created = 0;
      const client = createClient({
        transport,
        createThread: async () => `thread-${++created}`,
        loadThread: async () => ({ messages: [], activeRun: null, kind: 'chat' }),
      });
      client.send('first chat');
      // Its run has started (the transport's run 0) before the second chat starts run 1.
      await transport.taken(0);
      await client.openThread(undefined);
      expect(client.send('second chat')).toMatchObject({ ok: true });
      await transport.taken(1);
      transport.push(0, runEvents.textContent({ messageId: 'm-first', delta: 'one' }));
      transport.push(1, runEvents.textContent({ messageId: 'm-second', delta: 'two' }));
      await until(client, () => proseOf(client).includes('assistant: two'));
      await transport.taken(0);
      expect(client.getSnapshot().threadId).toBe('thread-2');
      expect(proseOf(client)).toEqual(['user: second chat', 'assistant: two']);
      await client.openThread('thread-1');
      expect(proseOf(client)).toEqual(['user: first chat', 'assistant: one']);
    });
  });

  it('resends an earlier message in place of it and everything after, and refuses while a reply runs', async () => {
    const transport = scriptedTransport([runEvents.textContent({ messageId, delta: 'ok' })]);
    let counter = 0;
    const client = createClient({
      initialThreadId: 'thread-1',
      transport,
      // A fresh assistant id per run, as the server gives.
      ids: () => `id-${++counter}`,
    });
    let done = settled(client);
    client.send('first');
    await done;
    const firstUserId = client.getSnapshot().transcript.messages[0]?.id ?? '';
    done = settled(client);
    expect(client.resend({ fromMessageId: firstUserId, text: 'edited' })).toMatchObject({ ok: true });
    expect(client.resend({ fromMessageId: firstUserId, text: 'twice' })).toMatchObject({ ok: false });
    await done;
    expect(transport.requests.map((request) => request.text)).toEqual(['first', 'edited']);
    const users = client.getSnapshot().transcript.messages.filter((message) => message.role === 'user');
    expect(users.map((message) => message.parts)).toEqual([[{ kind: 'prose', text: 'edited' }]]);
  });
});
