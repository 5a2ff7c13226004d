import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openSqliteStore } from './open-sqlite-store.ts';
import type { Store, StoredWidget } from './store.ts';
import { ThreadNotFoundError } from './thread-not-found-error.ts';

function steppingClock(start = Date.parse('2025-01-01T00:00:00.000Z')) {
  let tick = 0;
  return () => new Date(start + 1000 * tick++);
}

function countingIds(prefix = 'id') {
  let count = 0;
  return () => `${prefix}-${++count}`;
}

const widget: StoredWidget = {
  id: 'w1',
  height: 320,
  css: '.a{color:red}',
  html: '<h1>Chart</h1>',
  js: 'console.log(1)',
  complete: true,
};

const openStores: Store[] = [];
const temporaryFolders: string[] = [];

function memoryStore(): Store {
  const store = openSqliteStore({ path: ':memory:', clock: steppingClock(), ids: countingIds() });
  openStores.push(store);
  return store;
}

afterEach(async () => {
  for (const store of openStores.splice(0)) await store.close();
  for (const folder of temporaryFolders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

describe('openSqliteStore threads', () => {
  it('creates threads with injected ids and times, untitled until named', async () => {
    const store = memoryStore();
    const thread = await store.createThread({});
    expect(thread).toEqual({
      id: 'id-1',
      title: 'New chat',
      createdAt: '2025-01-01T00:00:00.000Z',
      updatedAt: '2025-01-01T00:00:00.000Z',
    });
    expect(await store.getThread('id-1')).toEqual(thread);
    expect(await store.getThread('missing')).toBeUndefined();
  });

  it('keeps a caller-chosen id and title', async () => {
    const store = memoryStore();
    const thread = await store.createThread({ id: 'chosen', title: '  Budget   review ' });
    expect(thread.id).toBe('chosen');
    expect(thread.title).toBe('Budget review');
  });

  it('rejects a duplicate thread id', async () => {
    const store = memoryStore();
    await store.createThread({ id: 'same' });
    await expect(store.createThread({ id: 'same' })).rejects.toThrow();
  });

  it('lists the most recently updated thread first', async () => {
    const store = memoryStore();
    const first = await store.createThread({ id: 'first' });
    await store.createThread({ id: 'second' });
    await store.appendMessage({ id: 'm1', threadId: first.id, role: 'user', content: 'hello' });
    expect((await store.listThreads()).map((thread) => thread.id)).toEqual(['first', 'second']);
  });

  it('titles a thread from its first user message, and renameThread overrides it', async () => {
    const store = memoryStore();
    await store.createThread({ id: 't' });
    const longPrompt =
      'Show me a dashboard of quarterly revenue by region with a bar chart and a trend line please';
    await store.appendMessage({ id: 'm1', threadId: 't', role: 'user', content: longPrompt });
    await store.appendMessage({ id: 'm2', threadId: 't', role: 'user', content: 'second message' });
    const titled = await store.getThread('t');
    expect(titled?.title.length).toBeLessThanOrEqual(60);
    expect(titled?.title.startsWith('Show me a dashboard of quarterly revenue')).toBe(true);
    await store.renameThread('t', 'Revenue');
    expect((await store.getThread('t'))?.title).toBe('Revenue');
  });

  it('deletes a thread with its messages, widgets and runs', async () => {
    const store = memoryStore();
    await store.createThread({ id: 't' });
    await store.appendMessage({ id: 'm1', threadId: 't', role: 'assistant', content: 'x', widget });
    await store.startRun({ id: 'r1', threadId: 't', model: 'demo' });
    expect(await store.deleteThread('t')).toBe(true);
    expect(await store.deleteThread('t')).toBe(false);
    expect(await store.listMessages('t')).toEqual([]);
    expect(await store.getWidget('t', 'w1')).toBeUndefined();
    expect(await store.listRuns()).toEqual([]);
  });
});

describe('openSqliteStore messages', () => {
  it('round-trips every field, oldest first', async () => {
    const store = memoryStore();
    await store.createThread({ id: 't' });
    await store.appendMessage({ id: 'u1', threadId: 't', role: 'user', content: 'draw a chart' });
    const assistant = await store.appendMessage({
      id: 'a1',
      threadId: 't',
      role: 'assistant',
      content: 'Here it is.',
      widget,
    });
    await store.appendMessage({
      id: 'c1',
      threadId: 't',
      role: 'assistant',
      content: '',
      toolCallId: 'call-1',
      render: { tool: 'render_table', args: { columns: ['a'], rows: [[1]] } },
    });
    await store.appendMessage({
      id: 'r1',
      threadId: 't',
      role: 'tool',
      content: 'Displayed the table to the user.',
      toolCallId: 'call-1',
      createdAt: '2030-01-01T00:00:00.000Z',
    });
    const messages = await store.listMessages('t');
    expect(messages.map((message) => message.id)).toEqual(['u1', 'a1', 'c1', 'r1']);
    expect(messages[1]).toEqual(assistant);
    expect(messages[1]?.widget).toEqual(widget);
    expect(messages[2]?.render).toEqual({ tool: 'render_table', args: { columns: ['a'], rows: [[1]] } });
    expect(messages[3]?.createdAt).toBe('2030-01-01T00:00:00.000Z');
    expect(messages[0]).not.toHaveProperty('widget');
    expect(messages[0]).not.toHaveProperty('toolCallId');
    // The newest message is the last in insertion order, whatever its createdAt says.
    expect(await store.lastMessage('t')).toEqual(messages[3]);
    expect(await store.lastMessage('no-such-thread')).toBeUndefined();
  });

  it('refuses a message for an unknown thread with a typed error', async () => {
    const store = memoryStore();
    const attempt = store.appendMessage({ id: 'm', threadId: 'nope', role: 'user', content: 'hi' });
    await expect(attempt).rejects.toBeInstanceOf(ThreadNotFoundError);
    await expect(attempt).rejects.toMatchObject({ code: 'thread_not_found', threadId: 'nope' });
  });

  it('updates content and adds then replaces a widget as it streams', async () => {
    const store = memoryStore();
    await store.createThread({ id: 't' });
    await store.appendMessage({ id: 'a1', threadId: 't', role: 'assistant', content: '' });
    await store.updateMessage('a1', { content: 'Partial prose' });
    await store.updateMessage('a1', { widget: { ...widget, js: '', complete: false } });
    expect((await store.getWidget('t', 'w1'))?.complete).toBe(false);
    await store.updateMessage('a1', { content: 'Full prose.', widget });
    const [message] = await store.listMessages('t');
    expect(message?.content).toBe('Full prose.');
    expect(message?.widget).toEqual(widget);
    expect(await store.getWidget('t', 'w1')).toEqual(widget);
  });

  it('ignores an update for a message that no longer exists', async () => {
    const store = memoryStore();
    await expect(store.updateMessage('gone', { content: 'x' })).resolves.toBeUndefined();
  });

  it('finds a widget only within its own thread', async () => {
    const store = memoryStore();
    await store.createThread({ id: 't' });
    await store.createThread({ id: 'other' });
    await store.appendMessage({ id: 'a1', threadId: 't', role: 'assistant', content: '', widget });
    expect(await store.getWidget('other', 'w1')).toBeUndefined();
    expect(await store.getWidget('t', 'w2')).toBeUndefined();
  });

  it('keeps a null height and unicode text intact', async () => {
    const store = memoryStore();
    await store.createThread({ id: 't' });
    const unusual = { ...widget, height: null, html: '<p>Grüße 🌍 \u0000 end</p>' };
    await store.appendMessage({ id: 'a1', threadId: 't', role: 'assistant', content: 'ü', widget: unusual });
    expect(await store.getWidget('t', 'w1')).toEqual(unusual);
  });
});

describe('openSqliteStore runs', () => {
  it('records a run from start to finish and filters by start time', async () => {
    const store = memoryStore();
    await store.createThread({ id: 't' });
    await store.startRun({ id: 'r1', threadId: 't', model: 'demo' });
    await store.startRun({ id: 'r2', threadId: 't', model: 'gpt' });
    await store.finishRun('r1', { status: 'finished', inputTokens: 120, outputTokens: 45 });
    await store.finishRun('r2', { status: 'error', error: 'rate limited' });
    const runs = await store.listRuns();
    expect(runs).toEqual([
      {
        id: 'r1',
        threadId: 't',
        model: 'demo',
        startedAt: '2025-01-01T00:00:01.000Z',
        finishedAt: '2025-01-01T00:00:03.000Z',
        status: 'finished',
        inputTokens: 120,
        outputTokens: 45,
        error: null,
      },
      {
        id: 'r2',
        threadId: 't',
        model: 'gpt',
        startedAt: '2025-01-01T00:00:02.000Z',
        finishedAt: '2025-01-01T00:00:04.000Z',
        status: 'error',
        inputTokens: null,
        outputTokens: null,
        error: 'rate limited',
      },
    ]);
    expect((await store.listRuns({ since: '2025-01-01T00:00:02.000Z' })).map((run) => run.id)).toEqual([
      'r2',
    ]);
    expect((await store.listRuns({ until: '2025-01-01T00:00:01.500Z' })).map((run) => run.id)).toEqual([
      'r1',
    ]);
  });

  it('shows an unfinished run as running', async () => {
    const store = memoryStore();
    await store.createThread({ id: 't' });
    await store.startRun({ id: 'r1', threadId: 't', model: 'demo' });
    expect(await store.listRuns()).toMatchObject([{ status: 'running', finishedAt: null }]);
  });

  it('refuses a run for an unknown thread', async () => {
    const store = memoryStore();
    await expect(store.startRun({ id: 'r', threadId: 'nope', model: 'demo' })).rejects.toBeInstanceOf(
      ThreadNotFoundError,
    );
  });
});

describe('openSqliteStore on disk', () => {
  it('creates the parent folder, uses WAL, and keeps data across reopen', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'drawbridge-store-'));
    temporaryFolders.push(folder);
    const path = join(folder, 'nested', 'deeper', 'drawbridge.db');

    const first = openSqliteStore({ path });
    const thread = await first.createThread({ title: 'Persisted' });
    await first.appendMessage({ id: 'a1', threadId: thread.id, role: 'assistant', content: 'hi', widget });
    await first.startRun({ id: 'r1', threadId: thread.id, model: 'demo' });
    await first.close();

    const second = openSqliteStore({ path });
    openStores.push(second);
    expect(await second.getThread(thread.id)).toEqual(
      await second.listThreads().then((threads) => threads[0]),
    );
    expect((await second.getThread(thread.id))?.title).toBe('Persisted');
    expect((await second.listMessages(thread.id))[0]?.widget).toEqual(widget);
    expect((await second.listRuns())[0]?.id).toBe('r1');

    const { DatabaseSync } = await import('node:sqlite');
    const inspector = new DatabaseSync(path, { readOnly: true });
    expect(inspector.prepare('PRAGMA journal_mode').get()?.journal_mode).toBe('wal');
    expect(inspector.prepare('PRAGMA user_version').get()?.user_version).toBe(1);
    inspector.close();
  });

  it('closing twice is harmless', async () => {
    const store = openSqliteStore({ path: ':memory:' });
    await store.close();
    await expect(store.close()).resolves.toBeUndefined();
  });
});
