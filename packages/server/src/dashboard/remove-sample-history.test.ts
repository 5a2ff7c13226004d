import { describe, expect, it } from 'vitest';
import { openStorage } from '../store/open-storage.ts';
import { removeSampleHistory } from './remove-sample-history.ts';
import { hasSampleHistory, writeSampleHistory } from './write-sample-history.ts';

describe('removeSampleHistory', () => {
  it("takes the sample's threads, runs, audit records and widget events, and leaves the user's chats", async () => {
    let time = new Date('2026-11-30T12:00:00Z');
    const now = time;
    const storage = await openStorage({
      location: { dialect: 'sqlite', path: ':memory:' },
      clock: () => time,
    });
    const { store, telemetry } = storage;
    try {
      const chat = await store.createThread({ title: 'My own chat' });
      await writeSampleHistory({
        store,
        telemetry,
        now,
        setTime: (next) => {
          time = next;
        },
      });
      time = now;
      expect(await removeSampleHistory({ store })).toEqual({ threads: 6 });
      expect(await hasSampleHistory({ store })).toBe(false);
      expect(await store.listThreads({ kind: 'sample' })).toEqual([]);
      expect(await telemetry.query({})).toEqual([]);
      expect(
        await telemetry.listWidgetEvents({ since: '2026-11-01T00:00:00Z', until: '2026-12-01T00:00:00Z' }),
      ).toEqual([]);
      expect((await store.listThreads()).map((thread) => thread.id)).toEqual([chat.id]);
    } finally {
      await storage.close();
    }
  });
});
