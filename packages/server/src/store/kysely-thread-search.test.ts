import { describe, expect, it } from 'vitest';
import { storageDialects, testStorageOpener } from '../../../../test-support/open-test-storage.ts';
import { steppingClock } from '../testing/stepping-clock.ts';
import type { Store } from './store.ts';

describe.each(storageDialects)('searchThreads on %s', (dialect) => {
  const freshStorage = testStorageOpener(dialect);

  async function storeWithChats(): Promise<Store> {
    let count = 0;
    const { store } = await freshStorage({
      clock: steppingClock({ start: '2025-01-01T00:00:00.000Z', stepMs: 1000 }),
      ids: () => `id-${++count}`,
    });
    await store.createThread({ id: 'revenue', title: 'Quarterly Revenue' });
    await store.createThread({ id: 'planets' });
    await store.appendMessage({
      id: 'p1',
      threadId: 'planets',
      role: 'user',
      content: 'Draw the solar system',
    });
    await store.appendMessage({
      id: 'p2',
      threadId: 'planets',
      role: 'assistant',
      content: 'Here are the eight planets, with revenue-free orbits.',
    });
    await store.createThread({ id: 'percent' });
    await store.appendMessage({
      id: 'c1',
      threadId: 'percent',
      role: 'user',
      content: 'Growth of 50% a year',
    });
    await store.appendMessage({ id: 'c2', threadId: 'percent', role: 'tool', content: 'secret revenue' });
    await store.createThread({ id: 'theirs', title: 'Revenue of another user', userId: 'user-2' });
    return store;
  }

  it('finds chats by title and by message text, case-insensitively, newest first', async () => {
    const store = await storeWithChats();
    const results = await store.searchThreads({ query: 'REVENUE', limit: 10 });
    expect(results.map((result) => result.thread.id)).toEqual(['theirs', 'planets', 'revenue']);
    expect(results.find((result) => result.thread.id === 'revenue')?.snippet).toBeNull();
    expect(results.find((result) => result.thread.id === 'planets')?.snippet).toBe(
      'Here are the eight planets, with revenue-free orbits.',
    );
  });

  it('searches tool results not at all, since the user never saw them', async () => {
    const store = await storeWithChats();
    const results = await store.searchThreads({ query: 'secret', limit: 10 });
    expect(results).toEqual([]);
  });

  it('reads % and _ as the characters typed', async () => {
    const store = await storeWithChats();
    expect((await store.searchThreads({ query: '50%', limit: 10 })).map((r) => r.thread.id)).toEqual([
      'percent',
    ]);
    expect(await store.searchThreads({ query: '5_%', limit: 10 })).toEqual([]);
  });

  it('folds letters beyond ASCII in titles and messages', async () => {
    const { store } = await freshStorage();
    await store.createThread({ id: 'german', title: 'Über den Wolken' });
    await store.createThread({ id: 'russian' });
    await store.appendMessage({ id: 'r1', threadId: 'russian', role: 'user', content: 'ПРИВЕТ, как дела?' });
    await store.createThread({ id: 'french' });
    await store.appendMessage({ id: 'f1', threadId: 'french', role: 'user', content: 'avec élan' });
    const found = async (query: string) =>
      (await store.searchThreads({ query, limit: 10 })).map((result) => result.thread.id);
    expect(await found('über')).toEqual(['german']);
    expect(await found('привет')).toEqual(['russian']);
    expect(await found('ÉLAN')).toEqual(['french']);
    expect((await store.searchThreads({ query: 'Привет', limit: 10 }))[0]?.snippet).toBe('ПРИВЕТ, как дела?');
  });

  it("keeps to one user's chats and to the limit", async () => {
    const store = await storeWithChats();
    const mine = await store.searchThreads({ query: 'revenue', limit: 10, userId: 'local' });
    expect(mine.map((result) => result.thread.id)).toEqual(['planets', 'revenue']);
    expect(await store.searchThreads({ query: 'revenue', limit: 1 })).toHaveLength(1);
  });
});
