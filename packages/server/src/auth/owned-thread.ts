import type { Store, ThreadRecord } from '../store/store.ts';

/**
 * The thread when `userId` owns it; `undefined` when it is missing **or** someone else's, so every route
 * answers another user's thread exactly as it answers one that does not exist.
 */
export async function ownedThread({
  store,
  threadId,
  userId,
}: {
  store: Pick<Store, 'getThread'>;
  threadId: string;
  userId: string;
}): Promise<ThreadRecord | undefined> {
  const thread = await store.getThread(threadId);
  return thread !== undefined && thread.userId === userId ? thread : undefined;
}
