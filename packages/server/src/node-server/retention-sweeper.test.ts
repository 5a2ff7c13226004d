import { describe, expect, it, vi } from 'vitest';
import { startRetentionSweeper } from './retention-sweeper.ts';

describe('startRetentionSweeper', () => {
  it('sweeps at once with the cutoff of the window, and keeps serving when a sweep fails', async () => {
    const pruneEndedRuns = vi.fn(async () => 0);
    const pruneBefore = vi.fn(async () => ({ auditRecords: 0, widgetEvents: 0 }));
    const errors: unknown[] = [];
    const sweeper = startRetentionSweeper({
      store: { pruneEndedRuns },
      telemetry: { pruneBefore },
      retentionDays: 10,
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

  it('deletes nothing when retention is 0', async () => {
    const pruneEndedRuns = vi.fn(async () => 0);
    const sweeper = startRetentionSweeper({
      store: { pruneEndedRuns },
      telemetry: { pruneBefore: async () => ({ auditRecords: 0, widgetEvents: 0 }) },
      retentionDays: 0,
      clock: () => new Date(),
      reportError: () => {},
    });
    await sweeper.sweep();
    expect(pruneEndedRuns).not.toHaveBeenCalled();
    sweeper.stop();
  });
});
