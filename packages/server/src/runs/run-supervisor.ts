import { type RunEvent, runEvents } from '@drawbridge/protocol';
import type { ErrorLogger } from '../http/error-handler.ts';
import type { RunLease } from '../store/store.ts';
import type { RunLeases } from './run-leases/run-leases.ts';
import type { RunLog, RunLogEnding } from './run-log/run-log.ts';
import type { RunRegistry } from './run-registry.ts';
import type { RunSignals } from './run-signals/run-signals.ts';
import { RunStop } from './run-stop.ts';

/** A run nobody cancels still ends after this long (`DRAWBRIDGE_RUN_TIMEOUT_MS`). */
export const defaultRunTimeoutMs = 10 * 60_000;

/** How long a run's lease lasts unrenewed (`DRAWBRIDGE_RUN_LEASE_MS`); renewed every third of it. */
export const defaultRunLeaseMs = 15_000;

export interface RunSupervisorOptions {
  /** Where this instance's leases of the runs it executes are kept (the database, or Redis). */
  leases: RunLeases;
  log: RunLog;
  signals: RunSignals;
  runTimeoutMs?: number;
  logError: ErrorLogger;
  /** Runs still executing, so a shutdown can wait for their last writes. */
  runs: RunRegistry;
}

/** A run the supervisor can execute (an `AgentRun`). */
export interface SupervisedRun {
  /** The run's record id, its log's name. */
  readonly runId: string;
  /**
   * Produces the run's events into `emit` until it ends or `abortSignal` fires (its reason says why); the
   * final event comes with what the run's end stores in its transaction.
   */
  produceEvents(production: {
    emit(event: RunEvent, ending?: RunLogEnding): void;
    abortSignal: AbortSignal;
  }): Promise<void>;
}

/**
 * Executes runs on this instance, detached from any HTTP response: each writes into the run log, holds a
 * lease it renews, ends at the latest after the run timeout, and stops when a cancel for it arrives from
 * any instance or its lease is lost. Shutting down interrupts what still runs and waits for its last writes.
 */
export class RunSupervisor {
  readonly #options: RunSupervisorOptions;
  readonly #runTimeoutMs: number;
  readonly #active = new Map<string, { abort(reason: RunStop): void; done: Promise<void> }>();
  readonly #unsubscribe: () => void;

  constructor(options: RunSupervisorOptions) {
    this.#options = options;
    this.#runTimeoutMs = options.runTimeoutMs ?? defaultRunTimeoutMs;
    this.#unsubscribe = options.signals.onCancelRequested((runId) =>
      this.#active.get(runId)?.abort(new RunStop('cancelled')),
    );
  }

  /** The lease a run started now on this instance begins with. */
  newLease(): Omit<RunLease, 'runId'> {
    return this.#options.leases.initialLease();
  }

  /**
   * Starts executing a run whose record holds `newLease()`; returns at once, the run goes on by itself. The
   * run is registered with the app's run registry here, and only here, until its log is flushed and its lease
   * released.
   */
  launch(run: SupervisedRun): void {
    const { runId } = run;
    const { log, leases, logError, runs } = this.#options;
    const writer = log.create(runId);
    const controller = new AbortController();
    const abort = (reason: RunStop) => {
      if (!controller.signal.aborted) controller.abort(reason);
    };
    const timeout = setTimeout(
      () =>
        abort(new RunStop('timeout', `The run took longer than ${this.#runTimeoutMs} ms and was stopped.`)),
      this.#runTimeoutMs,
    );
    let renewing = false;
    const renewal = setInterval(() => {
      // A renewal the database or Redis is slow to answer is not sent again on top of itself.
      if (renewing) return;
      renewing = true;
      leases
        .renew(runId)
        .then(
          (renewed) => {
            // Another instance found the lease expired (this one stalled) and interrupted the run.
            if (!renewed) abort(new RunStop('interrupted', 'The run lost its lease and was interrupted.'));
          },
          // Briefly away: the lease lasts three renewals, so the next try may still hold it; longer away, the
          // sweeps of other instances decide (docs/deployment.md), and the run goes on until they do.
          (error) => logError(`could not renew the lease of run ${runId}`, error),
        )
        .finally(() => {
          renewing = false;
        });
    }, leases.leaseMs / 3);
    const done = (async () => {
      try {
        await run.produceEvents({
          emit: (event, ending) => writer.append(event, ending),
          abortSignal: controller.signal,
        });
      } catch (error) {
        logError(`run ${runId} failed unexpectedly`, error);
      } finally {
        clearTimeout(timeout);
        clearInterval(renewal);
        // Whatever happened, followers learn that the run is over, and its record that it ended.
        if (!writer.ended) {
          const message = 'The run ended unexpectedly.';
          writer.append(runEvents.runError({ message, code: 'internal_error' }), {
            outcome: { status: 'error', error: message },
          });
        }
        await writer.flushed().catch((error) => logError(`could not write the log of run ${runId}`, error));
        // Only now: released before its record was ended, the run could be swept as abandoned.
        await leases
          .release(runId)
          .catch((error) => logError(`could not release the lease of run ${runId}`, error));
        this.#active.delete(runId);
      }
    })();
    this.#active.set(runId, { abort, done });
    runs.track(done);
  }

  /** Asks whichever instance executes the run to cancel it. */
  async requestCancel(runId: string): Promise<void> {
    await this.#options.signals.requestCancel(runId);
  }

  /** Resolves when this instance's execution of the run is over (at once when it executes elsewhere), or after `timeoutMs`. */
  async settled(runId: string, { timeoutMs }: { timeoutMs: number }): Promise<void> {
    const active = this.#active.get(runId);
    if (active === undefined) return;
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([active.done, new Promise((resolve) => (timer = setTimeout(resolve, timeoutMs)))]);
    clearTimeout(timer);
  }

  /** Runs executing on this instance. */
  get activeCount(): number {
    return this.#active.size;
  }

  /** Interrupts every run still executing here and waits until each has stored what it had. */
  async shutdown(): Promise<void> {
    this.#unsubscribe();
    const stopping = [...this.#active.values()];
    for (const run of stopping)
      run.abort(new RunStop('interrupted', 'The server shut down during this run.'));
    await Promise.allSettled(stopping.map((run) => run.done));
  }
}
