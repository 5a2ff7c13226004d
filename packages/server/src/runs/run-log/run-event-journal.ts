import type { ErrorLogger } from '../../http/error-handler.ts';
import type { RunEnding, RunEventBatch, Store } from '../../store/store.ts';
import type { LoggedRunEvent, RunLogEnding } from './run-log.ts';

const stoppedMessage = 'The server stopped before these run events could be stored.';

/** A commit that failed is tried again after this long, doubling up to `maxRetryDelayMs`. */
const firstRetryDelayMs = 100;
const maxRetryDelayMs = 5_000;

/** A run's events on their way into the store: appended, in the commit under way, then handed on. */
export class JournaledRun {
  readonly runId: string;
  /** The run's key in the store, once a commit named it: later commits need not look it up. */
  runKey: number | undefined;
  /** Called with each commit's events of this run, in order, once they are stored. */
  readonly #deliver: (events: readonly LoggedRunEvent[]) => void;
  readonly #journal: RunEventJournal;
  /** Appended and not yet in a commit. */
  pending: LoggedRunEvent[] = [];
  /** In the commit under way. */
  #committing: LoggedRunEvent[] = [];
  /** Stored with the final event, in its transaction: appended with it, so in the same commit. */
  #ending: RunLogEnding | undefined;
  #committingEnding: RunLogEnding | undefined;
  #settled: (() => void)[] = [];
  #failed: ((error: unknown) => void)[] = [];

  constructor({
    runId,
    journal,
    deliver,
  }: {
    runId: string;
    journal: RunEventJournal;
    deliver(events: readonly LoggedRunEvent[]): void;
  }) {
    this.runId = runId;
    this.#journal = journal;
    this.#deliver = deliver;
  }

  /** Queues an event (with `json` set) for the next commit; the final event brings the run's ending. */
  append(logged: LoggedRunEvent, ending?: RunLogEnding): void {
    this.pending.push(logged);
    if (ending !== undefined) this.#ending = ending;
    this.#journal.waiting(this);
  }

  /** Takes what is pending into the commit that starts: one batch, and the ending when the final event is in it. */
  take(): { batch: RunEventBatch; ending?: RunEnding } {
    this.#committing = this.pending;
    this.pending = [];
    this.#committingEnding = this.#ending;
    this.#ending = undefined;
    const batch = {
      runId: this.runId,
      ...(this.runKey === undefined ? {} : { runKey: this.runKey }),
      firstSeq: this.#committing[0]!.seq,
      events: this.#committing.map((logged) => logged.json!),
    };
    return this.#committingEnding === undefined
      ? { batch }
      : { batch, ending: { runId: this.runId, ...this.#committingEnding } };
  }

  /** Resolves once every event appended so far is stored and handed on; rejects if the journal closes first. */
  flushed(): Promise<void> {
    if (this.pending.length === 0 && this.#committing.length === 0) return Promise.resolve();
    if (this.#journal.closed) return Promise.reject(new Error(stoppedMessage));
    return new Promise((resolve, reject) => {
      this.#settled.push(resolve);
      this.#failed.push(reject);
    });
  }

  /** The commit under way stored this run's events: they go on, in order. */
  stored(): void {
    const events = this.#committing;
    this.#committing = [];
    this.#committingEnding = undefined;
    this.#deliver(events);
    if (this.pending.length > 0) return;
    const settled = this.#settled;
    this.#settled = [];
    this.#failed = [];
    for (const resolve of settled) resolve();
  }

  /** The commit under way failed: its events go back in front of those appended since, for the next try. */
  notStored(): void {
    this.pending = [...this.#committing, ...this.pending];
    this.#committing = [];
    this.#ending = this.#committingEnding;
    this.#committingEnding = undefined;
  }

  /** The journal closed with events of this run never stored; they are never handed on. */
  abandon(error: unknown): void {
    const failed = this.#failed;
    this.#settled = [];
    this.#failed = [];
    for (const reject of failed) reject(error);
  }
}

/**
 * The run log's way into the store: every run's events of one tick go into the database in one transaction
 * (a row per run, `commitRunEvents`), and only once it committed are they handed on to be written to any
 * socket, so an event is durable no later than a client is sent it. A run's final event brings its ending
 * (run record, reply), stored in that same transaction. One commit is under way at a time; what runs append
 * meanwhile waits for the next one, so a slower database takes more events per commit, never a transaction
 * or a promise per event. A commit that fails is tried again, with what came since, after a growing delay;
 * nothing of it is handed on until it is stored.
 */
export class RunEventJournal {
  readonly #store: Pick<Store, 'commitRunEvents'>;
  readonly #logError: ErrorLogger;
  /** Runs with events waiting for the next commit, in the order their first waiting event came. */
  #waiting: JournaledRun[] = [];
  /** Runs with events in the commit under way. */
  #inCommit: JournaledRun[] = [];
  #commitScheduled = false;
  #committing = false;
  #retryDelayMs = 0;
  #retryTimer: NodeJS.Timeout | undefined;
  #closed = false;

  constructor({ store, logError }: { store: Pick<Store, 'commitRunEvents'>; logError: ErrorLogger }) {
    this.#store = store;
    this.#logError = logError;
  }

  /** True once `close()` was called. */
  get closed(): boolean {
    return this.#closed;
  }

  /** A run's way in; `deliver` gets its events as each commit stores them. */
  open(runId: string, deliver: (events: readonly LoggedRunEvent[]) => void): JournaledRun {
    return new JournaledRun({ runId, journal: this, deliver });
  }

  /** A run has an event for the next commit. */
  waiting(run: JournaledRun): void {
    if (this.#closed) return;
    // A run is listed once per commit: its first event of the tick lists it.
    if (run.pending.length === 1) this.#waiting.push(run);
    this.#schedule();
  }

  /** Stops committing; events not stored by now never are, and their runs' `flushed()` rejects. */
  close(): void {
    this.#closed = true;
    clearTimeout(this.#retryTimer);
    const error = new Error(stoppedMessage);
    for (const run of [...this.#inCommit, ...this.#waiting]) run.abandon(error);
    this.#waiting = [];
  }

  #schedule(): void {
    if (this.#commitScheduled || this.#committing || this.#retryTimer !== undefined) return;
    this.#commitScheduled = true;
    // At the end of the loop's turn: every event the turn's callbacks (and the promises they settled) produce
    // goes into one commit, which hands them on within the next turn.
    setImmediate(() => {
      this.#commitScheduled = false;
      void this.#commit();
    });
  }

  async #commit(): Promise<void> {
    if (this.#closed || this.#waiting.length === 0) return;
    const runs = this.#waiting;
    this.#waiting = [];
    const batches: RunEventBatch[] = [];
    const endings: RunEnding[] = [];
    for (const run of runs) {
      const { batch, ending } = run.take();
      batches.push(batch);
      if (ending !== undefined) endings.push(ending);
    }
    this.#committing = true;
    this.#inCommit = runs;
    try {
      const { failedEndings, runKeys } = await this.#store.commitRunEvents({ batches, endings });
      // Closed meanwhile: those waiting were told, and the live log that would hand these on is gone.
      if (this.#closed) return;
      for (const { runId, error } of failedEndings) {
        this.#logError(`could not store the end of run ${runId} (its thread may have been deleted)`, error);
      }
      this.#retryDelayMs = 0;
      for (const run of runs) {
        run.runKey ??= runKeys.get(run.runId);
        run.stored();
      }
    } catch (error) {
      if (this.#closed) {
        for (const run of runs) run.abandon(error);
        return;
      }
      this.#logError(`could not store the events of ${runs.length} runs; trying again`, error);
      for (const run of runs) run.notStored();
      // Runs that appended meanwhile are listed already; these go before them, in their old order.
      this.#waiting = [...runs, ...this.#waiting.filter((run) => !runs.includes(run))];
      this.#retryDelayMs = Math.min(maxRetryDelayMs, Math.max(firstRetryDelayMs, this.#retryDelayMs * 2));
      this.#retryTimer = setTimeout(() => {
        this.#retryTimer = undefined;
        this.#schedule();
      }, this.#retryDelayMs);
      // The server's sockets keep the process alive while runs wait for the database; a retry alone does not.
      this.#retryTimer.unref();
    } finally {
      this.#committing = false;
      this.#inCommit = [];
      if (this.#waiting.length > 0) this.#schedule();
    }
  }
}
