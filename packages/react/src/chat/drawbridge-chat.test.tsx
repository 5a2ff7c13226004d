// @vitest-environment happy-dom
import { type RunEvent, runEvents } from '@drawbridge/protocol';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DrawbridgeChat } from './drawbridge-chat.tsx';

// The chat updates from fetches the test does not drive step by step: it waits for what it expects.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;

/** Every request the chat made, as `METHOD path`. */
let requests: string[];

const thread = {
  id: 't1',
  title: 'New chat',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  userId: null,
  kind: 'chat',
};

// The server mounted at /ai, answering each run in one piece (the stream itself is the transport's tests').
async function answer(url: string, init: RequestInit = {}): Promise<Response> {
  const method = init.method ?? 'GET';
  const path = new URL(url, 'http://app.test').pathname;
  requests.push(`${method} ${path}`);
  if (path === '/ai/api/threads' && method === 'POST') {
    return Response.json({ thread }, { status: 201 });
  }
  if (path === '/ai/api/threads/t9/messages' && method === 'GET') {
    const message = {
      id: 'm1',
      threadId: 't9',
      role: 'user',
      content: 'Stored before the reload.',
      createdAt: '2026-01-01T00:00:00.000Z',
    };
    return Response.json({ thread: { ...thread, id: 't9' }, messages: [message], activeRun: null });
  }
  if (path === '/ai/api/agent' && method === 'POST') {
    const input = JSON.parse(String(init.body)) as { threadId: string; runId: string };
    const reply: RunEvent[] = [
      runEvents.textStart({ messageId: 'reply-1' }),
      runEvents.textContent({ messageId: 'reply-1', delta: 'Hello from **Drawbridge**.' }),
      runEvents.textEnd({ messageId: 'reply-1' }),
      runEvents.runFinished({ threadId: input.threadId, runId: input.runId }),
    ];
    const body = reply.map((event, index) => `${JSON.stringify({ ...event, seq: index + 1 })}\n`).join('');
    return new Response(body, { headers: { 'Content-Type': 'application/x-ndjson' } });
  }
  return Response.json({ error: { code: 'not_found', message: `no ${method} ${path}` } }, { status: 404 });
}

let container: HTMLDivElement;
let root: Root;

beforeEach(() => {
  requests = [];
  vi.stubGlobal('fetch', (url: string, init?: RequestInit) => answer(url, init));
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
});

afterEach(() => {
  history.replaceState(null, '', '/');
  root.unmount();
  container.remove();
  vi.unstubAllGlobals();
});

/** Types `text` into the message box and presses Enter. */
async function send(text: string): Promise<void> {
  await vi.waitFor(() => expect(container.querySelector('textarea')).not.toBeNull());
  const box = container.querySelector('textarea')!;
  const setValue = Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')!.set!;
  setValue.call(box, text);
  box.dispatchEvent(new Event('input', { bubbles: true }));
  box.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
}

describe('DrawbridgeChat', () => {
  it('sends a first message under its base URL, creates the thread, and shows the reply through renderProse', async () => {
    const created: string[] = [];
    root.render(
      <DrawbridgeChat
        baseUrl="/ai"
        onThreadCreated={(threadId) => created.push(threadId)}
        renderProse={({ text }) => <p className="markdown">{text}</p>}
      />,
    );
    await send('Hello?');
    await vi.waitFor(() =>
      expect(container.querySelector('.db-message--assistant .markdown')?.textContent).toBe(
        'Hello from **Drawbridge**.',
      ),
    );
    expect(container.querySelector('.db-message--user')?.textContent).toBe('Hello?');
    expect(created).toEqual(['t1']);
    expect(requests).toEqual(['POST /ai/api/threads', 'POST /ai/api/agent']);
    await vi.waitFor(() => expect(container.querySelector('.db-run-status__done')).not.toBeNull());
  });

  it('with threadParam, puts the thread a first message created in the address, keeping the rest of it', async () => {
    history.replaceState({ router: 'state' }, '', '/chat?tab=2');
    root.render(<DrawbridgeChat baseUrl="/ai" threadParam="thread" />);
    await send('Hello?');
    await vi.waitFor(() => expect(location.search).toBe('?tab=2&thread=t1'));
    expect(location.pathname).toBe('/chat');
    expect(history.state).toEqual({ router: 'state' });
    expect(requests).toEqual(['POST /ai/api/threads', 'POST /ai/api/agent']);
  });

  it('with threadParam, opens the thread the address names (a reload)', async () => {
    history.replaceState(null, '', '/?thread=t9');
    root.render(<DrawbridgeChat baseUrl="/ai" threadParam="thread" />);
    await vi.waitFor(() =>
      expect(container.querySelector('.db-message--user')?.textContent).toBe('Stored before the reload.'),
    );
    expect(requests).toEqual(['GET /ai/api/threads/t9/messages']);
  });

  it('opens threadId rather than the thread in the address', async () => {
    history.replaceState(null, '', '/?thread=t1');
    root.render(<DrawbridgeChat baseUrl="/ai" threadId="t9" threadParam="thread" />);
    await vi.waitFor(() =>
      expect(container.querySelector('.db-message--user')?.textContent).toBe('Stored before the reload.'),
    );
    expect(requests).toEqual(['GET /ai/api/threads/t9/messages']);
  });
});
