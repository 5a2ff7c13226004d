import type { RunLease, RunRecord, Store } from '../../store/store.ts';
import type { RunLeases } from './run-leases.ts';

/** The embedded default: the lease is two columns of the run record, renewed with a conditional update. */
export class DatabaseRunLeases implements RunLeases {
  readonly leaseMs: number;
  readonly #store: Pick<Store, 'renewLease' | 'interruptExpiredRuns'>;
  readonly #instanceId: string;
  readonly #clock: () => Date;

  constructor({
    store,
    instanceId,
    leaseMs,
    clock,
  }: {
    store: Pick<Store, 'renewLease' | 'interruptExpiredRuns'>;
    instanceId: string;
    leaseMs: number;
    clock: () => Date;
  }) {
    this.#store = store;
    this.#instanceId = instanceId;
    this.leaseMs = leaseMs;
    this.#clock = clock;
  }

  initialLease(): Omit<RunLease, 'runId'> {
    return { instanceId: this.#instanceId, expiresAt: this.#expiry() };
  }

  async renew(runId: string): Promise<boolean> {
    return this.#store.renewLease({ runId, instanceId: this.#instanceId, expiresAt: this.#expiry() });
  }

  async release(): Promise<void> {
    // Ending the run record (`finishRun`) already dropped its lease in the same update.
  }

  async interruptExpired({ now }: { now: string }): Promise<RunRecord[]> {
    return this.#store.interruptExpiredRuns({ now });
  }

  #expiry(): string {
    return new Date(this.#clock().getTime() + this.leaseMs).toISOString();
  }
}
