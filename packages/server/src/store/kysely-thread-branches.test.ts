import { describe, expect, it } from 'vitest';
import { storageDialects, testStorageOpener } from '../../../../test-support/open-test-storage.ts';
import { steppingClock } from '../testing/stepping-clock.ts';
import type { Store } from './store.ts';

describe.each(storageDialects)('rewindThread on %s', (dialect) => {
  const freshStorage = testStorageOpener(dialect);

  async function storeWithTwoTurns(): Promise<Store> {
    let count = 0;
    const { store } = await freshStorage({
      clock: steppingClock({ start: '2025-01-01T00:00:00.000Z', stepMs: 1000 }),
      ids: () => `id-${++count}`,
    });
    await store.createThread({ id: 't' });
    await store.appendMessage({ id: 'u1', threadId: 't', role: 'user', content: 'a chart' });
    await store.appendMessage({
      id: 'a1',
      threadId: 't',
      role: 'assistant',
      content: 'Here it is.',
      widget: { id: 'w1', height: 300, css: '', html: '<p>1</p>', js: '', complete: true },
    });
    await store.appendMessage({ id: 'u2', threadId: 't', role: 'user', content: 'now a table' });
    await store.appendMessage({ id: 'a2', threadId: 't', role: 'assistant', content: 'A table.' });
    return store;
  }

  it('ends the shown branch at a turn for a regenerated reply, keeping what followed on the branch it leaves', async () => {
    const store = await storeWithTwoTurns();
    expect(await store.rewindThread({ threadId: 't', turn: 0 })).toEqual({ rewound: true, text: 'a chart' });
    expect((await store.listMessages('t')).map((message) => message.id)).toEqual(['u1']);
    expect(await store.getWidget('t', 'w1')).toBeDefined();
    await store.appendMessage({ id: 'a1b', threadId: 't', role: 'assistant', content: 'Another.' });
    expect((await store.listMessages('t')).map((message) => message.id)).toEqual(['u1', 'a1b']);
    expect(Object.fromEntries(await store.messageBranches('t'))).toEqual({ a1b: { index: 1, count: 2 } });
  });

  it('makes an edited message a new version beside the old one, which keeps its reply', async () => {
    const store = await storeWithTwoTurns();
    expect(await store.rewindThread({ threadId: 't', turn: 1, content: 'now a list' })).toEqual({
      rewound: true,
      text: 'now a list',
    });
    const messages = await store.listMessages('t');
    expect(messages.map((message) => [message.role, message.content])).toEqual([
      ['user', 'a chart'],
      ['assistant', 'Here it is.'],
      ['user', 'now a list'],
    ]);
    const edited = messages.at(-1)!.id;
    expect(Object.fromEntries(await store.messageBranches('t'))).toEqual({
      [edited]: { index: 1, count: 2 },
    });
    // Back to the first version: the thread shows it with its reply again.
    expect(await store.selectBranch({ threadId: 't', turn: 1, side: 'user', index: 0 })).toEqual({
      selected: true,
    });
    expect((await store.listMessages('t')).map((message) => message.id)).toEqual(['u1', 'a1', 'u2', 'a2']);
    expect(Object.fromEntries(await store.messageBranches('t'))).toEqual({ u2: { index: 0, count: 2 } });
  });

  it('switches between regenerated replies, each down to the newest message under it, and appends there', async () => {
    const store = await storeWithTwoTurns();
    await store.rewindThread({ threadId: 't', turn: 0 });
    await store.appendMessage({ id: 'a1b', threadId: 't', role: 'assistant', content: 'Another.' });
    await store.appendMessage({ id: 'u2b', threadId: 't', role: 'user', content: 'and a map' });
    // The first reply's branch, as it was left: down to its second turn.
    await store.selectBranch({ threadId: 't', turn: 0, side: 'reply', index: 0 });
    expect((await store.listMessages('t')).map((message) => message.id)).toEqual(['u1', 'a1', 'u2', 'a2']);
    // A message sent now follows the branch on screen.
    await store.appendMessage({ id: 'u3', threadId: 't', role: 'user', content: 'one more' });
    expect((await store.listMessages('t')).map((message) => message.id)).toEqual([
      'u1',
      'a1',
      'u2',
      'a2',
      'u3',
    ]);
    await store.selectBranch({ threadId: 't', turn: 0, side: 'reply', index: 1 });
    expect((await store.listMessages('t')).map((message) => message.id)).toEqual(['u1', 'a1b', 'u2b']);
    expect(await store.selectBranch({ threadId: 't', turn: 0, side: 'reply', index: 2 })).toEqual({
      selected: false,
      code: 'branch_not_found',
    });
    expect(await store.selectBranch({ threadId: 'gone', turn: 0, side: 'user', index: 0 })).toEqual({
      selected: false,
      code: 'thread_not_found',
    });
  });

  it('renames a thread named from its first message when that message is edited', async () => {
    const store = await storeWithTwoTurns();
    expect((await store.getThread('t'))?.title).toBe('a chart');
    await store.rewindThread({
      threadId: 't',
      turn: 0,
      content: 'Draw a map of Europe. Use green for land.',
    });
    expect((await store.getThread('t'))?.title).toBe('Draw a map of Europe');
  });

  it('keeps a name someone gave the thread, and the title when a later message is edited', async () => {
    const store = await storeWithTwoTurns();
    await store.rewindThread({ threadId: 't', turn: 1, content: 'a list' });
    expect((await store.getThread('t'))?.title).toBe('a chart');
    await store.renameThread('t', 'Quarterly numbers');
    await store.rewindThread({ threadId: 't', turn: 0, content: 'a map' });
    expect((await store.getThread('t'))?.title).toBe('Quarterly numbers');
  });

  it('keeps the title when the first message is regenerated rather than edited', async () => {
    const store = await storeWithTwoTurns();
    await store.rewindThread({ threadId: 't', turn: 0 });
    expect((await store.getThread('t'))?.title).toBe('a chart');
  });

  it('says which of thread and turn is missing, and changes nothing', async () => {
    const store = await storeWithTwoTurns();
    expect(await store.rewindThread({ threadId: 'gone', turn: 0 })).toEqual({
      rewound: false,
      code: 'thread_not_found',
    });
    expect(await store.rewindThread({ threadId: 't', turn: 2 })).toEqual({
      rewound: false,
      code: 'turn_not_found',
    });
    expect(await store.listMessages('t')).toHaveLength(4);
  });

  it("keeps a reply's model and token counts with its message", async () => {
    const store = await storeWithTwoTurns();
    await store.updateMessage('a2', { reply: { model: 'demo', inputTokens: 12, outputTokens: null } });
    expect((await store.listMessages('t')).at(-1)?.reply).toEqual({
      model: 'demo',
      inputTokens: 12,
      outputTokens: null,
    });
    expect((await store.listMessages('t'))[1]?.reply).toBeUndefined();
  });
});
