import { describe, expect, it } from 'vitest';
import { storageDialects, testStorageOpener } from '../../../../test-support/open-test-storage.ts';
import { ThreadNotFoundError } from './thread-not-found-error.ts';

describe.each(storageDialects)('widget states on %s', (dialect) => {
  const freshStorage = testStorageOpener(dialect);

  async function openStore() {
    const storage = await freshStorage();
    return storage.store;
  }

  it('keeps the latest state of each lineage', async () => {
    const store = await openStore();
    await store.createThread({ id: 't1' });
    await store.setWidgetState({ threadId: 't1', lineageId: 'w1', stateJson: '{"count":1}' });
    const updatedAt = await store.setWidgetState({
      threadId: 't1',
      lineageId: 'w1',
      stateJson: '{"count":2}',
    });
    expect(await store.listWidgetStates('t1')).toEqual([{ lineageId: 'w1', state: { count: 2 }, updatedAt }]);
  });

  it('refuses a state for a thread that is not there with ThreadNotFoundError, and writes nothing', async () => {
    const store = await openStore();
    const attempt = store.setWidgetState({ threadId: 'gone', lineageId: 'w1', stateJson: '{}' });
    await expect(attempt).rejects.toBeInstanceOf(ThreadNotFoundError);
    await expect(attempt).rejects.toMatchObject({ code: 'thread_not_found', threadId: 'gone' });
    expect(await store.listWidgetStates('gone')).toEqual([]);
  });
});
