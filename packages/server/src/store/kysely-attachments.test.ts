import { describe, expect, it } from 'vitest';
import { storageDialects, testStorageOpener } from '../../../../test-support/open-test-storage.ts';
import { steppingClock } from '../testing/stepping-clock.ts';
import type { Store } from './store.ts';

const pngBytes = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);
const csvBytes = new TextEncoder().encode('city,people\nOslo,700000\nBergen,290000\n');

describe.each(storageDialects)('attachments on %s', (dialect) => {
  const freshStorage = testStorageOpener(dialect);

  async function openStore(): Promise<Store> {
    let count = 0;
    const { store } = await freshStorage({
      clock: steppingClock({ start: '2026-01-01T00:00:00.000Z', stepMs: 60_000 }),
      ids: () => `id-${++count}`,
    });
    return store;
  }

  it('keeps the bytes and the decided type, and reads them back only to their owner', async () => {
    const store = await openStore();
    const saved = await store.saveAttachment({
      userId: 'ada',
      name: 'pixel.png',
      mediaType: 'image/png',
      data: pngBytes,
    });
    expect(saved).toEqual({
      id: 'id-1',
      name: 'pixel.png',
      mediaType: 'image/png',
      size: pngBytes.byteLength,
    });
    const read = await store.readAttachment({ id: saved.id, userId: 'ada' });
    expect(read?.attachment).toEqual(saved);
    expect([...(read?.data ?? [])]).toEqual([...pngBytes]);
    expect(await store.readAttachment({ id: saved.id, userId: 'grace' })).toBeUndefined();
    expect(await store.readAttachment({ id: 'nope', userId: 'ada' })).toBeUndefined();
  });

  it('gives files to the thread a message carries them to, in order, and refuses what is not the sender’s', async () => {
    const store = await openStore();
    await store.createThread({ id: 'chat', userId: 'ada' });
    await store.createThread({ id: 'other', userId: 'ada' });
    const image = await store.saveAttachment({
      userId: 'ada',
      name: 'a.png',
      mediaType: 'image/png',
      data: pngBytes,
    });
    const table = await store.saveAttachment({
      userId: 'ada',
      name: 'b.csv',
      mediaType: 'text/csv',
      data: csvBytes,
    });
    const theirs = await store.saveAttachment({
      userId: 'grace',
      name: 'c.csv',
      mediaType: 'text/csv',
      data: csvBytes,
    });

    expect(
      await store.claimAttachments({ ids: [table.id, theirs.id], userId: 'ada', threadId: 'chat' }),
    ).toEqual({ claimed: false, missingId: theirs.id });
    // Refused as a whole: the first file was not given to the thread either.
    expect(await store.readAttachmentData({ threadId: 'chat', ids: [table.id] })).toEqual(new Map());

    expect(
      await store.claimAttachments({ ids: [table.id, image.id], userId: 'ada', threadId: 'chat' }),
    ).toEqual({
      claimed: true,
      attachments: [table, image],
    });
    // Sent again in the same thread (a retried turn) is fine; in another thread it is not the user's to send.
    expect((await store.claimAttachments({ ids: [table.id], userId: 'ada', threadId: 'chat' })).claimed).toBe(
      true,
    );
    expect(await store.claimAttachments({ ids: [table.id], userId: 'ada', threadId: 'other' })).toEqual({
      claimed: false,
      missingId: table.id,
    });
    const data = await store.readAttachmentData({ threadId: 'chat', ids: [image.id, table.id, 'missing'] });
    expect([...data.keys()].sort()).toEqual([image.id, table.id].sort());
    expect(new TextDecoder().decode(data.get(table.id))).toBe(new TextDecoder().decode(csvBytes));
  });

  it('keeps the attachments of a user message with it, and deletes the files with their chat', async () => {
    const store = await openStore();
    await store.createThread({ id: 'chat', userId: 'ada' });
    const table = await store.saveAttachment({
      userId: 'ada',
      name: 'b.csv',
      mediaType: 'text/csv',
      data: csvBytes,
    });
    await store.claimAttachments({ ids: [table.id], userId: 'ada', threadId: 'chat' });
    await store.appendMessage({
      id: 'm1',
      threadId: 'chat',
      role: 'user',
      content: '',
      attachments: [table],
    });
    expect((await store.listMessages('chat'))[0]?.attachments).toEqual([table]);
    // Sent alone, the file names the chat.
    expect((await store.getThread('chat'))?.title).toBe('b.csv');

    expect(await store.deleteThread('chat')).toBe(true);
    expect(await store.readAttachment({ id: table.id, userId: 'ada' })).toBeUndefined();
  });

  it('prunes files nobody sent once they are older than the cutoff, and never a sent one', async () => {
    const store = await openStore();
    await store.createThread({ id: 'chat', userId: 'ada' });
    const sent = await store.saveAttachment({
      userId: 'ada',
      name: 's.csv',
      mediaType: 'text/csv',
      data: csvBytes,
    });
    await store.claimAttachments({ ids: [sent.id], userId: 'ada', threadId: 'chat' });
    const unsent = await store.saveAttachment({
      userId: 'ada',
      name: 'u.csv',
      mediaType: 'text/csv',
      data: csvBytes,
    });
    const fresh = await store.saveAttachment({
      userId: 'ada',
      name: 'f.csv',
      mediaType: 'text/csv',
      data: csvBytes,
    });

    // The clock steps a minute per reading: `unsent` was stored before this cutoff, `fresh` after it.
    expect(await store.pruneUnsentAttachments({ before: '2026-01-01T00:02:30.000Z' })).toBe(1);
    expect(await store.readAttachment({ id: unsent.id, userId: 'ada' })).toBeUndefined();
    expect(await store.readAttachment({ id: fresh.id, userId: 'ada' })).toBeDefined();
    expect(await store.readAttachment({ id: sent.id, userId: 'ada' })).toBeDefined();
  });
});
