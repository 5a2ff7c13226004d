import { describe, expect, it } from 'vitest';
import { CallLimits } from './call-limits.ts';

const options = { callsPerRun: 3, callsPerThreadWindow: 2, windowMs: 1_000 };

describe('CallLimits', () => {
  it('refuses the call past the run budget, saying which limit tripped', () => {
    const limits = new CallLimits({ ...options, callsPerThreadWindow: 10 });
    for (let call = 0; call < 3; call += 1) {
      expect(limits.admit({ runId: 'r1', threadId: 't1', now: call })).toEqual({ ok: true });
    }
    const refused = limits.admit({ runId: 'r1', threadId: 't1', now: 4 });
    expect(refused).toMatchObject({ ok: false, reason: expect.stringContaining('per run') });
    limits.endRun('r1');
    expect(limits.admit({ runId: 'r1', threadId: 't1', now: 5 })).toEqual({ ok: true });
  });

  it('counts a thread within a sliding window', () => {
    const limits = new CallLimits(options);
    expect(limits.admit({ runId: 'r1', threadId: 't1', now: 0 }).ok).toBe(true);
    expect(limits.admit({ runId: 'r2', threadId: 't1', now: 500 }).ok).toBe(true);
    expect(limits.admit({ runId: 'r3', threadId: 't1', now: 900 })).toMatchObject({ ok: false });
    expect(limits.admit({ runId: 'r3', threadId: 't1', now: 1_001 }).ok).toBe(true);
  });

  it('forgets threads that made no call within the window, so the map does not grow with every thread', () => {
    const limits = new CallLimits(options);
    for (let thread = 0; thread < 10_000; thread += 1) {
      limits.admit({ runId: `r${thread}`, threadId: `t${thread}`, now: thread * 10 });
      limits.endRun(`r${thread}`);
    }
    // One window is 1,000 ms, and a thread called every 10 ms: about a hundred are still inside it.
    expect(limits.trackedThreadCount).toBeLessThanOrEqual(101);
    expect(limits.trackedThreadCount).toBeGreaterThan(0);
  });
});
