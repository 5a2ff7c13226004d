import { ownedThread } from '../auth/owned-thread.ts';
import type { RunRecord, Store } from '../store/store.ts';

/**
 * The run that `runId` names for `userId`: the run with that server id in one of the user's threads, or else
 * the run the user's client started with that `runId`. Another user's run is `undefined`, as a missing one is,
 * so two users may give their runs the same id and neither learns of the other's.
 */
export async function findOwnedRun({
  store,
  runId,
  userId,
}: {
  store: Pick<Store, 'getRun' | 'findRunByClientId' | 'getThread'>;
  runId: string;
  userId: string;
}): Promise<RunRecord | undefined> {
  const owned = async (run: RunRecord | undefined) =>
    run !== undefined && (await ownedThread({ store, threadId: run.threadId, userId })) !== undefined
      ? run
      : undefined;
  return (
    (await owned(await store.getRun(runId))) ??
    (await owned(await store.findRunByClientId({ userId, clientRunId: runId })))
  );
}
