import { describe, expect, it } from 'vitest';
import { storageDialects, testStorageOpener } from '../../../../test-support/open-test-storage.ts';
import { steppingClock } from '../testing/stepping-clock.ts';
import type { Store, StoredWidget } from './store.ts';
import { ThreadNotFoundError } from './thread-not-found-error.ts';

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

describe.each(storageDialects)('the store on %s', (dialect) => {
  const freshStorage = testStorageOpener(dialect);

  async function memoryStore(): Promise<Store> {
    const { store } = await freshStorage({
      clock: steppingClock({ start: '2025-01-01T00:00:00.000Z', stepMs: 1000 }),
      ids: countingIds(),
    });
    return store;
  }

  describe('threads', () => {
    it('creates threads with injected ids and times, untitled until named', async () => {
      const store = await memoryStore();
      const thread = await store.createThread({});
      expect(thread).toEqual({
        id: 'id-1',
        title: 'New chat',
        createdAt: '2025-01-01T00:00:00.000Z',
        updatedAt: '2025-01-01T00:00:00.000Z',
        userId: 'local',
        kind: 'chat',
        model: null,
        pinnedAt: null,
        archivedAt: null,
      });
      expect(await store.getThread('id-1')).toEqual(thread);
      expect(await store.getThread('missing')).toBeUndefined();
    });

    it('keeps the model a chat was created with or set to, without moving it in the list', async () => {
      const store = await memoryStore();
      const older = await store.createThread({ id: 'older', model: 'openai:gpt-4.1' });
      await store.createThread({ id: 'newer' });
      expect(older.model).toBe('openai:gpt-4.1');
      await store.setThreadModel('older', 'demo');
      expect(await store.getThread('older')).toMatchObject({ model: 'demo', updatedAt: older.updatedAt });
      await store.setThreadModel('older', null);
      expect((await store.getThread('older'))?.model).toBeNull();
      expect((await store.listThreads()).map((thread) => thread.id)).toEqual(['newer', 'older']);
    });

    it('pins and archives a chat without moving it in time, and lists the archived apart', async () => {
      const store = await memoryStore();
      const older = await store.createThread({ id: 'older', title: 'Solar system' });
      await store.createThread({ id: 'newer', title: 'Solar panels' });
      expect(older).toMatchObject({ pinnedAt: null, archivedAt: null });
      await store.placeThread('older', { pinned: true });
      const pinned = await store.getThread('older');
      expect(pinned).toMatchObject({ updatedAt: older.updatedAt, archivedAt: null });
      expect(pinned?.pinnedAt).toEqual(expect.any(String));
      // Pinned again: still the time it was first pinned.
      await store.placeThread('older', { pinned: true });
      expect((await store.getThread('older'))?.pinnedAt).toBe(pinned?.pinnedAt);

      await store.placeThread('older', { archived: true });
      const ids = (threads: { id: string }[]) => threads.map((thread) => thread.id);
      expect(ids(await store.listThreads({ archived: false }))).toEqual(['newer']);
      expect(ids(await store.listThreads({ archived: true }))).toEqual(['older']);
      expect(ids(await store.listThreads())).toEqual(['newer', 'older']);
      const search = async (archived?: boolean) =>
        (
          await store.searchThreads({
            query: 'solar',
            limit: 10,
            ...(archived === undefined ? {} : { archived }),
          })
        ).map((match) => match.thread.id);
      expect(await search(false)).toEqual(['newer']);
      expect(await search(true)).toEqual(['older']);
      expect(await search()).toEqual(['newer', 'older']);

      // The pin outlives the archive; unpinning and unarchiving clear each on its own.
      await store.placeThread('older', { archived: false });
      expect(await store.getThread('older')).toMatchObject({
        pinnedAt: pinned?.pinnedAt,
        archivedAt: null,
        updatedAt: older.updatedAt,
      });
      await store.placeThread('older', { pinned: false });
      expect((await store.getThread('older'))?.pinnedAt).toBeNull();
      expect(ids(await store.listThreads({ archived: false }))).toEqual(['newer', 'older']);
    });

    it('keeps a caller-chosen id and title', async () => {
      const store = await memoryStore();
      const thread = await store.createThread({ id: 'chosen', title: '  Budget   review ' });
      expect(thread.id).toBe('chosen');
      expect(thread.title).toBe('Budget review');
    });

    it('rejects a duplicate thread id', async () => {
      const store = await memoryStore();
      await store.createThread({ id: 'same' });
      await expect(store.createThread({ id: 'same' })).rejects.toThrow();
    });

    it('lists the most recently updated thread first', async () => {
      const store = await memoryStore();
      const first = await store.createThread({ id: 'first' });
      await store.createThread({ id: 'second' });
      await store.appendMessage({ id: 'm1', threadId: first.id, role: 'user', content: 'hello' });
      expect((await store.listThreads()).map((thread) => thread.id)).toEqual(['first', 'second']);
    });

    it('titles a thread from its first user message, and renameThread overrides it', async () => {
      const store = await memoryStore();
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

    it("owns a thread by the local user unless told otherwise, and lists one user's threads", async () => {
      const store = await memoryStore();
      await store.createThread({ id: 'mine' });
      await store.createThread({ id: 'theirs', userId: 'user-2' });
      await store.createThread({ id: 'nobody', userId: null });
      expect((await store.getThread('theirs'))?.userId).toBe('user-2');
      expect((await store.getThread('nobody'))?.userId).toBeNull();
      expect((await store.listThreads({ userId: 'local' })).map((thread) => thread.id)).toEqual(['mine']);
      expect((await store.listThreads({ userId: 'user-2' })).map((thread) => thread.id)).toEqual(['theirs']);
      expect(await store.listThreads()).toHaveLength(3);
    });

    it('keeps whose conversation a thread is, and lists and searches one kind', async () => {
      const store = await memoryStore();
      await store.createThread({ id: 'chat', title: 'Token usage' });
      await store.createThread({ id: 'dashboard', title: 'Token usage', kind: 'dashboard' });
      await store.createThread({ id: 'sample', title: 'Sample: token usage', kind: 'sample' });
      expect((await store.getThread('dashboard'))?.kind).toBe('dashboard');
      const ids = (threads: { id: string }[]) => threads.map((thread) => thread.id);
      expect(ids(await store.listThreads({ kind: 'chat' }))).toEqual(['chat']);
      expect(ids(await store.listThreads({ userId: 'local', kind: 'dashboard' }))).toEqual(['dashboard']);
      const found = async (kind?: 'dashboard' | 'sample') =>
        (await store.searchThreads({ query: 'token', limit: 10, ...(kind ? { kind } : {}) })).map(
          (match) => match.thread.id,
        );
      expect(await found()).toEqual(['chat']);
      expect(await found('dashboard')).toEqual(['dashboard']);
      expect(await found('sample')).toEqual(['sample']);
    });

    it('deletes a thread with its messages, widgets and runs', async () => {
      const store = await memoryStore();
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

  describe('messages', () => {
    it('round-trips every field, oldest first', async () => {
      const store = await memoryStore();
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
      const formAnswers = { toolCallId: 'call-2', values: { rating: 4, comment: null, agree: true } };
      await store.appendMessage({
        id: 'u2',
        threadId: 't',
        role: 'user',
        content: 'my answers',
        formAnswers,
      });
      const messages = await store.listMessages('t');
      expect(messages.map((message) => message.id)).toEqual(['u1', 'a1', 'c1', 'r1', 'u2']);
      expect(messages[4]?.formAnswers).toEqual(formAnswers);
      expect(messages[0]).not.toHaveProperty('formAnswers');
      expect(messages[1]).toEqual(assistant);
      expect(messages[1]?.widget).toEqual(widget);
      expect(messages[2]?.render).toEqual({ tool: 'render_table', args: { columns: ['a'], rows: [[1]] } });
      expect(messages[3]?.createdAt).toBe('2030-01-01T00:00:00.000Z');
      expect(messages[0]).not.toHaveProperty('widget');
      expect(messages[0]).not.toHaveProperty('toolCallId');
    });

    it('refuses a message for an unknown thread with a typed error', async () => {
      const store = await memoryStore();
      const attempt = store.appendMessage({ id: 'm', threadId: 'nope', role: 'user', content: 'hi' });
      await expect(attempt).rejects.toBeInstanceOf(ThreadNotFoundError);
      await expect(attempt).rejects.toMatchObject({ code: 'thread_not_found', threadId: 'nope' });
    });

    it('moves the thread of a message without a widget or a title first, and refuses an unknown thread', async () => {
      const store = await memoryStore();
      const older = await store.createThread({ id: 'older' });
      await store.createThread({ id: 'newer' });
      const carrier = {
        role: 'assistant',
        content: 'a\u0000b',
        toolCallId: 'call-1',
        render: { tool: 'render_table', args: { rows: [] } },
      } as const;
      await store.appendMessage({ id: 'c1', threadId: older.id, ...carrier });
      const [first] = await store.listThreads();
      expect(first?.id).toBe('older');
      expect(first!.updatedAt > older.updatedAt).toBe(true);
      expect(first?.title).toBe(older.title);
      expect(await store.listMessages('older')).toMatchObject([{ id: 'c1', content: 'a\uFFFDb' }]);
      const attempt = store.appendMessage({ id: 'c2', threadId: 'nope', ...carrier });
      await expect(attempt).rejects.toBeInstanceOf(ThreadNotFoundError);
      expect(await store.listMessages('nope')).toEqual([]);
    });

    it('returns an appended message as a later read sees it, U+0000 replaced in its text', async () => {
      const store = await memoryStore();
      await store.createThread({ id: 't' });
      const appended = await store.appendMessage({
        id: 'a1',
        threadId: 't',
        role: 'assistant',
        content: 'a\u0000b',
        widget: { ...widget, css: 'x\u0000', html: '<b>\u0000</b>' },
        reply: { model: 'demo', inputTokens: 3, cachedInputTokens: 2, outputTokens: 2 },
      });
      expect(appended).toMatchObject({
        content: 'a\uFFFDb',
        widget: { css: 'x\uFFFD', html: '<b>\uFFFD</b>' },
      });
      expect(await store.listMessages('t')).toEqual([appended]);
    });

    it('updates content and adds then replaces a widget as it streams', async () => {
      const store = await memoryStore();
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

    it('keeps what a widget is a revision of, and why its edit failed', async () => {
      const store = await memoryStore();
      await store.createThread({ id: 't' });
      await store.appendMessage({ id: 'a1', threadId: 't', role: 'assistant', content: '', widget });
      const revision = { of: 'w1', number: 2, baseId: 'w1' };
      const second = { ...widget, id: 'w2', css: 'p{color:red}', revision };
      await store.appendMessage({ id: 'a2', threadId: 't', role: 'assistant', content: '', widget: second });
      const failure = { code: 'hunk_not_found' as const, message: 'Hunk 1 (CSS): no match.' };
      await store.updateMessage('a2', { widget: { ...second, revision: { ...revision, failure } } });
      const messages = await store.listMessages('t');
      expect(messages[0]?.widget).not.toHaveProperty('revision');
      expect(messages[1]?.widget?.revision).toEqual({ ...revision, failure });
      expect((await store.getWidget('t', 'w2'))?.revision).toEqual({ ...revision, failure });
    });

    it('keeps why the server stopped a widget at a limit', async () => {
      const store = await memoryStore();
      await store.createThread({ id: 't' });
      const refusal = { code: 'markup_too_deep' as const, message: 'Nested too deep.' };
      const refused = { ...widget, js: '', complete: false, refusal };
      await store.appendMessage({ id: 'a1', threadId: 't', role: 'assistant', content: '', widget: refused });
      expect((await store.listMessages('t'))[0]?.widget).toEqual(refused);
      expect(await store.getWidget('t', 'w1')).toEqual(refused);
      await store.updateMessage('a1', { widget });
      expect(await store.getWidget('t', 'w1')).not.toHaveProperty('refusal');
    });

    it('stores a growing assistant message chunk by chunk, each write replacing the last', async () => {
      const store = await memoryStore();
      await store.createThread({ id: 't' });
      await store.appendMessage({ id: 'a1', threadId: 't', role: 'assistant', content: '' });
      let prose = '';
      for (const word of ['Here', ' is', ' the', ' chart.']) {
        prose += word;
        await store.updateMessage('a1', {
          content: prose,
          widget: { ...widget, html: prose, complete: false },
        });
        expect((await store.listMessages('t')).at(-1)).toMatchObject({
          content: prose,
          widget: { html: prose },
        });
      }
      expect(await store.listMessages('t')).toHaveLength(1);
    });

    it('rewrites content, render and reply in one update, and the thread moves to now', async () => {
      const store = await memoryStore();
      await store.createThread({ id: 't' });
      await store.appendMessage({ id: 'c1', threadId: 't', role: 'assistant', content: '' });
      const before = await store.getThread('t');
      const render = { tool: 'render_form', args: { title: 'Sign up' } };
      const reply = { model: 'demo', inputTokens: 9, cachedInputTokens: 4, outputTokens: 7 };
      await store.updateMessage('c1', { content: 'Drawn.', render, reply });
      await store.updateMessage('c1', { content: 'Drawn again.' });
      const [message] = await store.listMessages('t');
      expect(message).toMatchObject({ content: 'Drawn again.', render, reply });
      expect((await store.getThread('t'))!.updatedAt > before!.updatedAt).toBe(true);
    });

    it('leaves the thread’s time alone for a reply stored while it streams', async () => {
      const store = await memoryStore();
      await store.createThread({ id: 't' });
      const before = await store.getThread('t');
      await store.appendMessage(
        { id: 'a1', threadId: 't', role: 'assistant', content: 'So' },
        { inProgress: true },
      );
      await store.appendMessage(
        { id: 'a0', threadId: 't', role: 'assistant', content: 'Drawn', widget },
        { inProgress: true },
      );
      expect((await store.getThread('t'))!.updatedAt).toBe(before!.updatedAt);
      expect(await store.getWidget('t', widget.id)).toMatchObject({ html: widget.html });
      await store.updateMessage('a1', { content: 'So far' }, { inProgress: true });
      await store.updateMessage('a1', { content: 'So far, with', widget }, { inProgress: true });
      expect((await store.getThread('t'))!.updatedAt).toBe(before!.updatedAt);
      expect(await store.listMessages('t')).toMatchObject([
        { id: 'a1', content: 'So far, with', widget },
        { id: 'a0', content: 'Drawn', widget },
      ]);
      await store.updateMessage('a1', { content: 'So far, with all of it.' });
      expect((await store.getThread('t'))!.updatedAt > before!.updatedAt).toBe(true);
      await expect(
        store.updateMessage('gone', { content: 'x' }, { inProgress: true }),
      ).resolves.toBeUndefined();
    });

    it('ignores an update for a message that no longer exists', async () => {
      const store = await memoryStore();
      await expect(store.updateMessage('gone', { content: 'x' })).resolves.toBeUndefined();
    });

    it('serves the newest copy of a widget id that recurs in a thread', async () => {
      const store = await memoryStore();
      await store.createThread({ id: 't' });
      await store.appendMessage({ id: 'a1', threadId: 't', role: 'assistant', content: '', widget });
      await store.appendMessage({
        id: 'a2',
        threadId: 't',
        role: 'assistant',
        content: '',
        widget: { ...widget, html: '<p>again</p>' },
      });
      expect((await store.getWidget('t', 'w1'))?.html).toBe('<p>again</p>');
    });

    it('stores a NUL character as U+FFFD instead of failing the write', async () => {
      const store = await memoryStore();
      await store.createThread({ id: 't' });
      const withNul = { ...widget, html: '<p>a\u0000b</p>' };
      await store.appendMessage({
        id: 'a1',
        threadId: 't',
        role: 'assistant',
        content: 'x',
        widget: withNul,
      });
      await store.updateMessage('a1', { content: 'x\u0000z' });
      const [message] = await store.listMessages('t');
      expect(message?.content).toBe('x\uFFFDz');
      expect(message?.widget?.html).toBe('<p>a\uFFFDb</p>');
    });

    it('finds a widget only within its own thread', async () => {
      const store = await memoryStore();
      await store.createThread({ id: 't' });
      await store.createThread({ id: 'other' });
      await store.appendMessage({ id: 'a1', threadId: 't', role: 'assistant', content: '', widget });
      expect(await store.getWidget('other', 'w1')).toBeUndefined();
      expect(await store.getWidget('t', 'w2')).toBeUndefined();
    });

    it('keeps a null height and unicode text intact', async () => {
      const store = await memoryStore();
      await store.createThread({ id: 't' });
      const unusual = { ...widget, height: null, html: '<p>Grüße 🌍 end</p>' };
      await store.appendMessage({
        id: 'a1',
        threadId: 't',
        role: 'assistant',
        content: 'ü',
        widget: unusual,
      });
      expect(await store.getWidget('t', 'w1')).toEqual(unusual);
    });
  });

  describe('runs', () => {
    it('records a run from start to finish and filters by start time', async () => {
      const store = await memoryStore();
      await store.createThread({ id: 't' });
      await store.createThread({ id: 't2' });
      await store.startRun({ id: 'r1', threadId: 't', model: 'demo' });
      await store.startRun({ id: 'r2', threadId: 't2', model: 'gpt' });
      await store.finishRun('r1', {
        status: 'finished',
        inputTokens: 120,
        cachedInputTokens: 90,
        outputTokens: 45,
      });
      await store.finishRun('r2', { status: 'error', error: 'rate limited' });
      const runs = await store.listRuns();
      expect(runs).toEqual([
        {
          id: 'r1',
          threadId: 't',
          model: 'demo',
          startedAt: '2025-01-01T00:00:02.000Z',
          endedAt: '2025-01-01T00:00:04.000Z',
          instanceId: null,
          leaseExpiresAt: null,
          status: 'finished',
          inputTokens: 120,
          cachedInputTokens: 90,
          outputTokens: 45,
          error: null,
        },
        {
          id: 'r2',
          threadId: 't2',
          model: 'gpt',
          startedAt: '2025-01-01T00:00:03.000Z',
          endedAt: '2025-01-01T00:00:05.000Z',
          instanceId: null,
          leaseExpiresAt: null,
          status: 'error',
          inputTokens: null,
          cachedInputTokens: null,
          outputTokens: null,
          error: 'rate limited',
        },
      ]);
      expect((await store.listRuns({ since: '2025-01-01T00:00:03.000Z' })).map((run) => run.id)).toEqual([
        'r2',
      ]);
      expect((await store.listRuns({ until: '2025-01-01T00:00:02.500Z' })).map((run) => run.id)).toEqual([
        'r1',
      ]);
    });

    it('shows an unfinished run as running', async () => {
      const store = await memoryStore();
      await store.createThread({ id: 't' });
      await store.startRun({ id: 'r1', threadId: 't', model: 'demo' });
      expect(await store.listRuns()).toMatchObject([{ status: 'running', endedAt: null }]);
    });

    it('refuses a run for an unknown thread', async () => {
      const store = await memoryStore();
      await expect(store.startRun({ id: 'r', threadId: 'nope', model: 'demo' })).rejects.toBeInstanceOf(
        ThreadNotFoundError,
      );
    });
  });
});
