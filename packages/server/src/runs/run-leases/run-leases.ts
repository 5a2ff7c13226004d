import type { RunLease, RunRecord } from '../../store/store.ts';

/**
 * Each running run's claim by the instance that executes it, and the search for runs whose instance died.
 * In the database by default; on Redis when instances share one, so renewals cost the database nothing.
 * Either way the run record's status is written by one conditional update, so a run is interrupted once.
 */
export interface RunLeases {
  /** How long a lease lasts unrenewed; its holder renews it every third of that. */
  readonly leaseMs: number;
  /** The lease a run's record starts with: it covers the run until its first renewal. */
  initialLease(): Omit<RunLease, 'runId'>;
  /**
   * Extends this instance's lease of a run it executes; false when the run was lost (another instance
   * found the lease expired and interrupted it). Rejects when the lease's home cannot be reached.
   */
  renew(runId: string): Promise<boolean>;
  /** Gives up the lease of a run that ended here, once its record says how it ended. */
  release(runId: string): Promise<void>;
  /** Marks `interrupted` every running run whose lease ran out by `now` (ISO); returns those runs. */
  interruptExpired(input: { now: string }): Promise<RunRecord[]>;
}
