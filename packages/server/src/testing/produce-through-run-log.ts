import type { RunEvent } from '@drawbridge/protocol';
import { DurableRunLog } from '../runs/run-log/durable-run-log.ts';
import { InProcessRunLog } from '../runs/run-log/in-process-run-log.ts';
import type { SupervisedRun } from '../runs/run-supervisor.ts';
import type { Store } from '../store/store.ts';

/**
 * Produces a run into a run log over `store`, as the supervisor does, and resolves once its last event is
 * stored, with the events a follower of that log was handed (`onEvent` sees each as it is handed on, after
 * it was stored). `onEmit` sees each event as the run emits it, before it is stored.
 */
export async function produceThroughRunLog({
  run,
  store,
  logError,
  signal = new AbortController().signal,
  onEmit = () => {},
  onEvent = () => {},
}: {
  run: SupervisedRun;
  store: Store;
  logError(message: string, error: unknown): void;
  signal?: AbortSignal;
  onEmit?(event: RunEvent): void;
  onEvent?(event: RunEvent): void;
}): Promise<RunEvent[]> {
  const log = new DurableRunLog({ store, live: new InProcessRunLog(), logError });
  const writer = log.create(run.runId);
  const handed: RunEvent[] = [];
  const followed = log.follow({
    runId: run.runId,
    after: 0,
    signal: new AbortController().signal,
    onEvent: ({ event }) => {
      handed.push(event);
      onEvent(event);
    },
  });
  try {
    await run.produceEvents({
      emit: (event, ending) => {
        onEmit(event);
        writer.append(event, ending);
      },
      abortSignal: signal,
    });
    await writer.flushed();
    await followed;
  } finally {
    await log.close();
  }
  return handed;
}
