import { afterEach, describe, expect, it } from 'vitest';
import { openTestStorage, storageDialects } from '../../../../test-support/open-test-storage.ts';
import type { Store } from './store.ts';

function steppingClock(start = Date.parse('2025-01-01T00:00:00.000Z')) {
  let tick = 0;
  return () => new Date(start + 1000 * tick++);
}

describe.each(storageDialects)('rewindThread on %s', (dialect) => {
  const openStores: Store[] = [];

  async function storeWithTwoTurns(): Promise<Store> {
    let count = 0;
    const { store } = await openTestStorage({ dialect, clock: steppingClock(), ids: () => `id-${++count}` });
    openStores.push(store);
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

  afterEach(async () => {
    for (const store of openStores.splice(0)) await store.close();
  });

  it('drops what followed a turn, widgets included, and keeps its text for a regenerated reply', async () => {
    const store = await storeWithTwoTurns();
    expect(await store.rewindThread({ threadId: 't', turn: 0 })).toEqual({ rewound: true, text: 'a chart' });
    expect((await store.listMessages('t')).map((message) => message.id)).toEqual(['u1']);
    expect(await store.getWidget('t', 'w1')).toBeUndefined();
  });

  it('replaces the text of an edited message', async () => {
    const store = await storeWithTwoTurns();
    expect(await store.rewindThread({ threadId: 't', turn: 1, content: 'now a list' })).toEqual({
      rewound: true,
      text: 'now a list',
    });
    const messages = await store.listMessages('t');
    expect(messages.map((message) => [message.id, message.content])).toEqual([
      ['u1', 'a chart'],
      ['a1', 'Here it is.'],
      ['u2', 'now a list'],
    ]);
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
