// @vitest-environment happy-dom
import { type RunEvent, runEvents, type StoredMessage, type ThreadSummary } from '@drawbridge/protocol';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type ChatController, useChat } from './use-chat.ts';

// The chat updates from fetches and runs the test does not drive step by step: it waits for what it expects.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;

/** A run the chat started, as the server read it from `POST /api/agent`. */
interface StartedRun {
  threadId: string;
  text: string;
}

// The run's stream is the transport's business (agent-run tests, e2e): here every run answers in one piece.
const runs = {
  requests: [] as StartedRun[],
  onStart: (_run: StartedRun) => {},
};

function answerRun(init: RequestInit): Response {
  const input = JSON.parse(String(init.body)) as {
    threadId: string;
    runId: string;
    messages: Array<{ role: string; content: string }>;
  };
  const run = { threadId: input.threadId, text: input.messages.at(-1)?.content ?? '' };
  runs.requests.push(run);
  runs.onStart(run);
  const messageId = `reply-${runs.requests.length}`;
  const reply: RunEvent[] = [
    runEvents.textStart({ messageId }),
    runEvents.textContent({ messageId, delta: `Answer to ${run.text}` }),
    runEvents.textEnd({ messageId }),
    runEvents.runFinished({ threadId: input.threadId, runId: input.runId }),
  ];
  const body = reply.map((event, index) => `${JSON.stringify({ ...event, seq: index + 1 })}\n`).join('');
  return new Response(body, { headers: { 'Content-Type': 'application/x-ndjson' } });
}

/** The server's threads, as the routes the chat calls would answer. */
let threads: Map<string, { summary: ThreadSummary; messages: StoredMessage[] }>;
let created: number;

function summary(id: string, title: string): ThreadSummary {
  return {
    id,
    title,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    userId: null,
    kind: 'chat',
  };
}

async function answer(url: string, init: RequestInit = {}): Promise<Response> {
  const method = init.method ?? 'GET';
  const { pathname: path, searchParams } = new URL(url, 'http://app.test');
  if (path === '/api/agent' && method === 'POST') return answerRun(init);
  if (path === '/api/threads' && method === 'GET') {
    const archived = searchParams.get('archived') === 'true';
    return Response.json({
      threads: [...threads.values()]
        .map((thread) => thread.summary)
        .filter((listed) => Boolean(listed.archivedAt) === archived),
    });
  }
  if (path === '/api/threads' && method === 'POST') {
    const thread = summary(`t-new-${++created}`, 'New chat');
    threads.set(thread.id, { summary: thread, messages: [] });
    return Response.json({ thread }, { status: 201 });
  }
  const threadId = /^\/api\/threads\/([^/]+)/.exec(path)?.[1] ?? '';
  const thread = threads.get(threadId);
  if (thread === undefined) {
    return Response.json(
      { error: { code: 'thread_not_found', message: `thread ${threadId} does not exist` } },
      { status: 404 },
    );
  }
  if (path.endsWith('/messages')) {
    return Response.json({ thread: thread.summary, messages: thread.messages, activeRun: null });
  }
  if (method === 'PATCH') {
    const { title, pinned, archived } = JSON.parse(String(init.body)) as {
      title?: string;
      pinned?: boolean;
      archived?: boolean;
    };
    if (pinned !== undefined || archived !== undefined) {
      const at = '2026-01-02T00:00:00.000Z';
      thread.summary = {
        ...thread.summary,
        ...(pinned === undefined ? {} : { pinnedAt: pinned ? at : null }),
        ...(archived === undefined ? {} : { archivedAt: archived ? at : null }),
      };
      return Response.json({ thread: thread.summary });
    }
    if (title === undefined) throw new Error('a PATCH without a title or a placement');
    if (title.length > 60) {
      return Response.json(
        {
          error: {
            code: 'invalid_body',
            message: 'expected a title that is not blank and at most 60 characters',
          },
        },
        { status: 400 },
      );
    }
    thread.summary = { ...thread.summary, title };
    return Response.json({ thread: thread.summary });
  }
  if (method === 'DELETE') {
    threads.delete(threadId);
    return new Response(null, { status: 204 });
  }
  throw new Error(`unexpected ${method} ${path}`);
}

let container: HTMLDivElement;
let root: Root;
const chat: { current: ChatController | undefined } = { current: undefined };

function Probe() {
  chat.current = useChat({});
  return null;
}

/** Renders the chat; what its first requests bring is waited for by each test. */
async function mount(): Promise<void> {
  root.render(<Probe />);
  await vi.waitFor(() => expect(chat.current).toBeDefined());
}

beforeEach(() => {
  chat.current = undefined;
  threads = new Map([
    [
      't1',
      {
        summary: summary('t1', 'Dice'),
        messages: [
          {
            id: 'u1',
            threadId: 't1',
            role: 'user',
            content: 'Roll some dice',
            createdAt: '2026-01-01T00:00:00.000Z',
          },
          {
            id: 'a1',
            threadId: 't1',
            role: 'assistant',
            content: 'Rolled a 4.',
            createdAt: '2026-01-01T00:00:01.000Z',
          },
        ],
      },
    ],
  ]);
  created = 0;
  runs.requests = [];
  runs.onStart = (run) => {
    const thread = threads.get(run.threadId);
    if (thread && thread.summary.title === 'New chat')
      thread.summary = { ...thread.summary, title: run.text };
  };
  vi.stubGlobal('fetch', (url: string, init?: RequestInit) => answer(url, init));
  history.replaceState(null, '', '/');
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
});

afterEach(() => {
  root.unmount();
  container.remove();
  vi.unstubAllGlobals();
});

const prose = () =>
  chat.current!.transcript.messages.map(
    (message) =>
      `${message.role}: ${message.parts.map((part) => (part.kind === 'prose' ? part.text : '')).join('')}`,
  );

describe('useChat', () => {
  it('lists the threads and opens the one the URL names', async () => {
    history.replaceState(null, '', '/#/t/t1');
    await mount();
    await vi.waitFor(() => {
      expect(chat.current!.threads.map((thread) => thread.title)).toEqual(['Dice']);
      expect(prose()).toEqual(['user: Roll some dice', 'assistant: Rolled a 4.']);
    });
    expect(chat.current!.activeThreadId).toBe('t1');
  });

  it('creates the thread for a first message, names it in the URL and lists it once the run is over', async () => {
    await mount();
    await vi.waitFor(() => expect(chat.current!.threads).toHaveLength(1));
    expect(chat.current!.send('Draw a chart').ok).toBe(true);
    await vi.waitFor(() => {
      expect(chat.current!.status.phase).toBe('finished');
      expect(chat.current!.threads.map((thread) => thread.title)).toEqual(['Dice', 'Draw a chart']);
    });
    expect(chat.current!.activeThreadId).toBe('t-new-1');
    // The URL is written by an effect of the render that shows the thread, a moment after it.
    await vi.waitFor(() => expect(window.location.hash).toBe('#/t/t-new-1'));
    expect(runs.requests.map((request) => [request.threadId, request.text])).toEqual([
      ['t-new-1', 'Draw a chart'],
    ]);
    expect(prose()).toEqual(['user: Draw a chart', 'assistant: Answer to Draw a chart']);
  });

  it('renames a thread, and says why when the server refuses the name', async () => {
    await mount();
    await chat.current!.rename('t1', 'Dice games');
    await vi.waitFor(() =>
      expect(chat.current!.threads.map((thread) => thread.title)).toEqual(['Dice games']),
    );
    expect(chat.current!.threadError).toBeUndefined();
    await chat.current!.rename('t1', 'x'.repeat(61));
    await vi.waitFor(() => expect(chat.current!.threadError).toContain('at most 60 characters'));
    expect(chat.current!.threads.map((thread) => thread.title)).toEqual(['Dice games']);
  });

  it('archives the open chat out of the list and keeps it on screen; unarchived, it is pinned still', async () => {
    history.replaceState(null, '', '/#/t/t1');
    await mount();
    await vi.waitFor(() => expect(prose()).toHaveLength(2));
    await chat.current!.place('t1', { pinned: true });
    await vi.waitFor(() => expect(chat.current!.threads[0]?.pinnedAt).toBe('2026-01-02T00:00:00.000Z'));
    await chat.current!.place('t1', { archived: true });
    await vi.waitFor(() => {
      expect(chat.current!.threads).toEqual([]);
      expect(chat.current!.archivedThreads.map((thread) => thread.title)).toEqual(['Dice']);
    });
    expect(chat.current!.activeThreadId).toBe('t1');
    expect(prose()).toEqual(['user: Roll some dice', 'assistant: Rolled a 4.']);
    await chat.current!.place('t1', { archived: false });
    await vi.waitFor(() => {
      expect(chat.current!.archivedThreads).toEqual([]);
      // Still pinned: the two are independent.
      expect(chat.current!.threads[0]).toMatchObject({ title: 'Dice', pinnedAt: '2026-01-02T00:00:00.000Z' });
    });
  });

  it('deleting the open thread leaves a new, empty chat', async () => {
    history.replaceState(null, '', '/#/t/t1');
    await mount();
    await vi.waitFor(() => expect(prose()).toHaveLength(2));
    await chat.current!.removeThread('t1');
    await vi.waitFor(() => expect(chat.current!.threads).toEqual([]));
    expect(chat.current!.activeThreadId).toBeUndefined();
    expect(chat.current!.transcript.messages).toEqual([]);
    expect(window.location.hash).toBe('');
  });

  it('opens the thread a changed URL names', async () => {
    await mount();
    await vi.waitFor(() => expect(chat.current!.threads).toHaveLength(1));
    expect(chat.current!.activeThreadId).toBeUndefined();
    history.replaceState(null, '', '/#/t/t1');
    window.dispatchEvent(new HashChangeEvent('hashchange'));
    await vi.waitFor(() => expect(prose()).toEqual(['user: Roll some dice', 'assistant: Rolled a 4.']));
    expect(chat.current!.activeThreadId).toBe('t1');
  });

  it('leaves the URL to the router when it names the Account page', async () => {
    history.replaceState(null, '', '/#/t/t1');
    await mount();
    await vi.waitFor(() => expect(prose()).toHaveLength(2));
    history.replaceState(null, '', '/#/account');
    window.dispatchEvent(new HashChangeEvent('hashchange'));
    // A later change, waited for, comes after anything the hash change set off.
    await chat.current!.rename('t1', 'Dice games');
    await vi.waitFor(() =>
      expect(chat.current!.threads.map((thread) => thread.title)).toEqual(['Dice games']),
    );
    // Still the open chat (the router draws the Account page instead), and the URL still names the page.
    expect(chat.current!.activeThreadId).toBe('t1');
    expect(window.location.hash).toBe('#/account');
  });
});
