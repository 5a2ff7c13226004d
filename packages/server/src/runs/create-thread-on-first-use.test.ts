import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openSqliteStore } from '../store/index.ts';
import type { Store } from '../store/store.ts';
import { createThreadOnFirstUse } from './create-thread-on-first-use.ts';

let store: Store;
beforeEach(async () => {
  store = await openSqliteStore({ path: ':memory:' });
});
afterEach(async () => {
  await store.close();
});

describe('createThreadOnFirstUse', () => {
  it('creates a thread under the id the client chose', async () => {
    expect(
      await createThreadOnFirstUse({ store, threadId: 'fresh-1', userId: 'local', kind: 'chat' }),
    ).toEqual({
      created: true,
    });
    expect(await store.getThread('fresh-1')).toMatchObject({ id: 'fresh-1', kind: 'chat' });
  });

  it("creates it of the running agent's kind", async () => {
    await createThreadOnFirstUse({ store, threadId: 'fresh-2', userId: 'local', kind: 'dashboard' });
    expect(await store.getThread('fresh-2')).toMatchObject({ id: 'fresh-2', kind: 'dashboard' });
  });

  it('leaves an existing thread as it is', async () => {
    const thread = await store.createThread({ id: 'known', title: 'Named by hand' });
    expect(await createThreadOnFirstUse({ store, threadId: 'known', userId: 'local', kind: 'chat' })).toEqual(
      {
        created: false,
      },
    );
    expect(await store.getThread('known')).toEqual(thread);
  });

  it('creates one thread when two first runs of the same id race', async () => {
    const outcomes = await Promise.all([
      createThreadOnFirstUse({ store, threadId: 'raced', userId: 'local', kind: 'chat' }),
      createThreadOnFirstUse({ store, threadId: 'raced', userId: 'local', kind: 'chat' }),
    ]);
    expect(outcomes.map((outcome) => outcome.created).sort()).toEqual([false, true]);
    expect((await store.listThreads()).map((thread) => thread.id)).toEqual(['raced']);
  });

  it('passes on a failure that is not a lost race', async () => {
    const failure = new Error('disk full');
    const failingStore = {
      getThread: async () => undefined,
      createThread: async () => {
        throw failure;
      },
    };
    await expect(
      createThreadOnFirstUse({ store: failingStore, threadId: 't', userId: 'local', kind: 'chat' }),
    ).rejects.toBe(failure);
  });
});
