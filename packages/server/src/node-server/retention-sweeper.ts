import type { Store } from '../store/store.ts';
import type { TelemetryStore } from '../telemetry/telemetry-store.ts';

const sweepIntervalMs = 60 * 60_000;
const dayMs = 24 * 60 * 60_000;

/**
 * Deletes run records, audit records and widget events older than the retention window, at start-up and
 * every hour. Conversations are the user's and stay until they delete them.
 */
export function startRetentionSweeper({
  store,
  telemetry,
  retentionDays,
  clock,
  reportError,
}: {
  store: Pick<Store, 'pruneEndedRuns'>;
  telemetry: Pick<TelemetryStore, 'pruneBefore'>;
  retentionDays: number;
  clock: () => Date;
  reportError(message: string, error: unknown): void;
}): { stop(): void; sweep(): Promise<void> } {
  const sweep = async () => {
    const before = new Date(clock().getTime() - retentionDays * dayMs).toISOString();
    try {
      await store.pruneEndedRuns({ before });
      await telemetry.pruneBefore({ before });
    } catch (error) {
      // A failed sweep deletes nothing and is tried again next hour; serving goes on.
      reportError('the retention sweep failed', error);
    }
  };
  if (retentionDays === 0) return { stop: () => {}, sweep: async () => {} };
  void sweep();
  const timer = setInterval(() => void sweep(), sweepIntervalMs);
  timer.unref();
  return { stop: () => clearInterval(timer), sweep };
}
