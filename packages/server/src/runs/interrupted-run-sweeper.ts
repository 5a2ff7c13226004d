import { runEvents } from '@drawbridge/protocol';
import type { ErrorLogger } from '../http/error-handler.ts';
import type { RunRecord, Store } from '../store/store.ts';
import type { RunLeases } from './run-leases/run-leases.ts';
import type { RunLog } from './run-log/run-log.ts';

export interface InterruptedRunSweeperOptions {
  store: Pick<Store, 'interruptRunningRuns'>;
  /** Decides which runs' leases ran out (in the database, or on Redis) and interrupts them. */
  leases: Pick<RunLeases, 'interruptExpired'>;
  log: RunLog;
  clock: () => Date;
  /** How often to look for runs whose lease expired. */
  intervalMs: number;
  /**
   * At start-up, interrupt every running run, not only expired ones: right for a single instance (the
   * embedded default), where no other instance can be executing them.
   */
  interruptAllAtStart: boolean;
  logError: ErrorLogger;
}

export interface InterruptedRunSweeper {
  /** The start-up sweep; resolves once it is done, so the server listens with no stale run left. */
  started: Promise<void>;
  /** One sweep now. */
  sweep(): Promise<RunRecord[]>;
  stop(): void;
}

/**
 * Finds runs whose instance died (their lease ran out unrenewed), marks them `interrupted` and ends their
 * logs with a RUN_ERROR `interrupted`, so followers are told instead of waiting forever. Every instance runs
 * one; the leases decide which runs are abandoned, and the store's conditional update makes sure each run
 * is interrupted once.
 */
export function startInterruptedRunSweeper(options: InterruptedRunSweeperOptions): InterruptedRunSweeper {
  const { store, leases, log, clock, intervalMs, logError } = options;
  const endLogs = async (interrupted: RunRecord[]) => {
    for (const run of interrupted) {
      await log.endAbandoned(
        { runId: run.id, threadId: run.threadId },
        runEvents.runError({
          message: 'The server executing this run went away before it ended.',
          code: 'interrupted',
        }),
      );
    }
    return interrupted;
  };
  const sweep = async () => endLogs(await leases.interruptExpired({ now: clock().toISOString() }));
  const started = (async () => {
    const now = clock().toISOString();
    await endLogs(
      options.interruptAllAtStart
        ? await store.interruptRunningRuns({ now })
        : await leases.interruptExpired({ now }),
    );
  })();
  let sweeping = false;
  const timer = setInterval(() => {
    // A slow database must not pile sweeps on top of each other.
    if (sweeping) return;
    sweeping = true;
    sweep()
      .catch((error) => logError('could not sweep for interrupted runs', error))
      .finally(() => {
        sweeping = false;
      });
  }, intervalMs);
  timer.unref();
  return { started, sweep, stop: () => clearInterval(timer) };
}
