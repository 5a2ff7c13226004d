import type { Store } from '../store/store.ts';
import type { TelemetryStore } from '../telemetry/telemetry-store.ts';

const sweepIntervalMs = 60 * 60_000;
/** Stored run events go sooner: they are kept only while a late follower may still replay an ended run. */
const runEventSweepIntervalMs = 5 * 60_000;
const dayMs = 24 * 60 * 60_000;

/**
 * Deletes run records, audit records and widget events older than the retention window (none with 0 days), at
 * start-up and every hour, and the stored events of runs that ended more than `runEventRetentionMs` ago (the
 * run log's replay window, whatever the retention days: the reply is in the thread), at start-up and every
 * five minutes. Files uploaded and never sent with a message go a day after their upload, checked as often.
 * Conversations are the user's and stay until they delete them (their attachments with them).
 */
export function startRetentionSweeper({
  store,
  telemetry,
  retentionDays,
  runEventRetentionMs,
  clock,
  reportError,
}: {
  store: Pick<Store, 'pruneEndedRuns' | 'pruneRunEvents' | 'pruneUnsentAttachments'>;
  telemetry: Pick<TelemetryStore, 'pruneBefore'>;
  retentionDays: number;
  runEventRetentionMs: number;
  clock: () => Date;
  reportError(message: string, error: unknown): void;
}): { stop(): void; sweep(): Promise<void>; sweepRunEvents(): Promise<void> } {
  const sweep = async () => {
    if (retentionDays === 0) return;
    const before = new Date(clock().getTime() - retentionDays * dayMs).toISOString();
    try {
      await store.pruneEndedRuns({ before });
      await telemetry.pruneBefore({ before });
    } catch (error) {
      // A failed sweep deletes nothing and is tried again next hour; serving goes on.
      reportError('the retention sweep failed', error);
    }
  };
  const sweepRunEvents = async () => {
    try {
      await store.pruneRunEvents({ before: new Date(clock().getTime() - runEventRetentionMs).toISOString() });
    } catch (error) {
      // Tried again at the next sweep; until then an ended run stays replayable a little longer.
      reportError('the sweep of stored run events failed', error);
    }
    try {
      await store.pruneUnsentAttachments({ before: new Date(clock().getTime() - dayMs).toISOString() });
    } catch (error) {
      // Tried again at the next sweep; an unsent file only waits a little longer.
      reportError('the sweep of unsent attachments failed', error);
    }
  };
  void sweep().then(sweepRunEvents);
  const timers = [
    ...(retentionDays === 0 ? [] : [setInterval(() => void sweep(), sweepIntervalMs)]),
    setInterval(() => void sweepRunEvents(), runEventSweepIntervalMs),
  ];
  for (const timer of timers) timer.unref();
  return {
    stop: () => {
      for (const timer of timers) clearInterval(timer);
    },
    sweep,
    sweepRunEvents,
  };
}
