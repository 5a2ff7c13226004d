import { describe, expect, it, vi } from 'vitest';
import { startRetentionSweeper } from './retention-sweeper.ts';

describe('startRetentionSweeper', () => {
  it('sweeps at once with the cutoff of the window, and keeps serving when a sweep fails', async () => {
    const pruneEndedRuns = vi.fn(async () => 0);
    const pruneBefore = vi.fn(async () => ({ auditRecords: 0, widgetEvents: 0 }));
    const errors: unknown[] = [];
    const sweeper = startRetentionSweeper({
      store: { pruneEndedRuns, pruneRunEvents: async () => 0, pruneUnsentAttachments: async () => 0 },
      telemetry: { pruneBefore },
      retentionDays: 10,
      runEventRetentionMs: 15 * 60_000,
      clock: () => new Date('2026-12-01T00:00:00.000Z'),
      reportError: (_message, error) => errors.push(error),
    });
    await vi.waitFor(() => expect(pruneBefore).toHaveBeenCalled());
    expect(pruneEndedRuns).toHaveBeenCalledWith({ before: '2026-11-21T00:00:00.000Z' });
    expect(pruneBefore).toHaveBeenCalledWith({ before: '2026-11-21T00:00:00.000Z' });
    pruneEndedRuns.mockRejectedValueOnce(new Error('database away'));
    await sweeper.sweep();
    expect(errors).toHaveLength(1);
    sweeper.stop();
  });

  it('deletes no records when retention is 0, and still the stored events of runs past the replay window and unsent files a day old', async () => {
    const pruneEndedRuns = vi.fn(async () => 0);
    const pruneRunEvents = vi.fn(async () => 0);
    const pruneUnsentAttachments = vi.fn(async () => 0);
    const sweeper = startRetentionSweeper({
      store: { pruneEndedRuns, pruneRunEvents, pruneUnsentAttachments },
      telemetry: { pruneBefore: async () => ({ auditRecords: 0, widgetEvents: 0 }) },
      retentionDays: 0,
      runEventRetentionMs: 15 * 60_000,
      clock: () => new Date('2026-12-01T00:30:00.000Z'),
      reportError: () => {},
    });
    await vi.waitFor(() =>
      expect(pruneRunEvents).toHaveBeenCalledWith({ before: '2026-12-01T00:15:00.000Z' }),
    );
    await vi.waitFor(() =>
      expect(pruneUnsentAttachments).toHaveBeenCalledWith({ before: '2026-11-30T00:30:00.000Z' }),
    );
    await sweeper.sweep();
    expect(pruneEndedRuns).not.toHaveBeenCalled();
    pruneRunEvents.mockRejectedValueOnce(new Error('database away'));
    await sweeper.sweepRunEvents();
    sweeper.stop();
  });
});
