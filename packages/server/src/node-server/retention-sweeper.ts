import type { Store } from '../store/store.ts';
import type { TelemetryStore } from '../telemetry/telemetry-store.ts';
import { SettingError } from './setting-error.ts';

/** Operational records (runs, audit, widget events) are kept this many days unless configured. */
export const defaultRetentionDays = 30;
const sweepIntervalMs = 60 * 60_000;
const dayMs = 24 * 60 * 60_000;

/**
 * `DRAWBRIDGE_RETENTION_DAYS`: a whole number of days, `0` to keep everything; unset means the default.
 * Anything else is a configuration error worth stopping for, since it decides what gets deleted.
 */
export function parseRetentionDays(setting: string | undefined): number {
  if (setting === undefined || setting.trim() === '') return defaultRetentionDays;
  const days = Number(setting);
  if (!Number.isInteger(days) || days < 0) {
    throw new SettingError(
      `DRAWBRIDGE_RETENTION_DAYS must be a whole number of days, 0 to keep everything (got "${setting}").`,
    );
  }
  return days;
}

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
