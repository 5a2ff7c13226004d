import type { AgentThreadKind } from '@drawbridge/protocol';
import type { Store } from '../store/store.ts';

/**
 * Creates the thread a run names, owned by `userId` and of the running agent's `kind`, when it does not exist
 * yet: a stock AG-UI client picks a fresh `threadId` and runs at once, with no Drawbridge-only call first.
 * Resolves to whether this call created it; the caller still checks who owns a thread that already existed.
 */
export async function createThreadOnFirstUse({
  store,
  threadId,
  userId,
  kind,
}: {
  store: Pick<Store, 'getThread' | 'createThread'>;
  threadId: string;
  userId: string;
  kind: AgentThreadKind;
}): Promise<{ created: boolean }> {
  if ((await store.getThread(threadId)) !== undefined) return { created: false };
  try {
    await store.createThread({ id: threadId, userId, kind });
    return { created: true };
  } catch (error) {
    // Two first runs of one fresh thread race: the later insert fails on the id the other just created.
    if ((await store.getThread(threadId)) !== undefined) return { created: false };
    throw error;
  }
}
