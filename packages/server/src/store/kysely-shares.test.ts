import { describe, expect, it } from 'vitest';
import { storageDialects, testStorageOpener } from '../../../../test-support/open-test-storage.ts';
import { steppingClock } from '../testing/stepping-clock.ts';
import type { Store } from './store.ts';
import { ThreadNotFoundError } from './thread-not-found-error.ts';

describe.each(storageDialects)('shared links on %s', (dialect) => {
  const freshStorage = testStorageOpener(dialect);

  async function openStore(): Promise<Store> {
    let count = 0;
    const { store } = await freshStorage({
      clock: steppingClock({ start: '2026-12-05T09:00:00.000Z', stepMs: 60_000 }),
      ids: () => `id-${++count}`,
    });
    return store;
  }

  const link = (threadId: string, userId: string, tokenDigest: string, widgetId: string | null = null) => ({
    userId,
    threadId,
    widgetId,
    title: `${threadId} title`,
    tokenDigest,
    snapshotJson: JSON.stringify({ version: 1, kind: 'chat', messages: [] }),
  });

  it('keeps a link under the digest of its token, finds it by that digest only, and lists it to its owner', async () => {
    const store = await openStore();
    await store.createThread({ id: 'chat', userId: 'ada' });
    const share = await store.createShare(link('chat', 'ada', 'digest-1'));
    expect(share).toEqual({
      id: share.id,
      threadId: 'chat',
      widgetId: null,
      title: 'chat title',
      createdAt: expect.stringMatching(/^2026-12-05T09:/),
    });
    expect(await store.findShare('digest-1')).toEqual({
      share,
      userId: 'ada',
      snapshotJson: '{"version":1,"kind":"chat","messages":[]}',
    });
    expect(await store.findShare('digest-2')).toBeUndefined();
    expect(await store.listShares({ userId: 'ada' })).toEqual([share]);
    expect(await store.listShares({ userId: 'grace' })).toEqual([]);
  });

  it('lists the newest first, and only one chat’s with `threadId`', async () => {
    const store = await openStore();
    await store.createThread({ id: 'chat', userId: 'ada' });
    await store.createThread({ id: 'other', userId: 'ada' });
    const first = await store.createShare(link('chat', 'ada', 'd1'));
    const second = await store.createShare(link('other', 'ada', 'd2', 'widget-1'));
    const third = await store.createShare(link('chat', 'ada', 'd3'));
    expect((await store.listShares({ userId: 'ada' })).map((share) => share.id)).toEqual([
      third.id,
      second.id,
      first.id,
    ]);
    expect((await store.listShares({ userId: 'ada', threadId: 'chat' })).map((share) => share.id)).toEqual([
      third.id,
      first.id,
    ]);
    expect(second.widgetId).toBe('widget-1');
  });

  it('revokes a link for its owner only; a revoked link is found no more', async () => {
    const store = await openStore();
    await store.createThread({ id: 'chat', userId: 'ada' });
    const share = await store.createShare(link('chat', 'ada', 'digest'));
    expect(await store.deleteShare({ id: share.id, userId: 'grace' })).toBe(false);
    expect(await store.findShare('digest')).toBeDefined();
    expect(await store.deleteShare({ id: share.id, userId: 'ada' })).toBe(true);
    expect(await store.findShare('digest')).toBeUndefined();
    expect(await store.deleteShare({ id: share.id, userId: 'ada' })).toBe(false);
    expect(await store.listShares({ userId: 'ada' })).toEqual([]);
  });

  it('goes with its chat, and refuses a chat that is gone', async () => {
    const store = await openStore();
    await store.createThread({ id: 'chat', userId: 'ada' });
    await store.createShare(link('chat', 'ada', 'digest'));
    expect(await store.deleteThread('chat')).toBe(true);
    expect(await store.findShare('digest')).toBeUndefined();
    expect(await store.listShares({ userId: 'ada' })).toEqual([]);
    await expect(store.createShare(link('chat', 'ada', 'again'))).rejects.toSatisfy((error) =>
      ThreadNotFoundError.isInstance(error),
    );
  });
});
