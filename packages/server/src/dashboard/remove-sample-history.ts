import type { Store } from '../store/store.ts';

/**
 * Deletes the loaded sample history: its `sample` threads, and with them their runs, audit records and widget
 * events. The user's own threads stay. Resolves to how many sample threads went.
 */
export async function removeSampleHistory({ store }: { store: Store }): Promise<{ threads: number }> {
  const threads = await store.listThreads({ kind: 'sample' });
  let removed = 0;
  for (const thread of threads) if (await store.deleteThread(thread.id)) removed++;
  return { threads: removed };
}
