import { describe, expect, it } from 'vitest';
import { createRunLimits } from './run-limits.ts';
import { SlidingWindowCounter } from './sliding-window-counter.ts';

describe('SlidingWindowCounter', () => {
  it('allows `limit` events per window per key and says when the next one may come', () => {
    const counter = new SlidingWindowCounter({ windowMs: 60_000, limit: 2 });
    expect(counter.take({ key: 'a', now: 0 })).toEqual({ allowed: true });
    expect(counter.take({ key: 'a', now: 10_000 })).toEqual({ allowed: true });
    expect(counter.take({ key: 'a', now: 20_000 })).toEqual({ allowed: false, retryAfterMs: 40_000 });
    expect(counter.take({ key: 'b', now: 20_000 })).toEqual({ allowed: true });
    expect(counter.take({ key: 'a', now: 60_001 })).toEqual({ allowed: true });
  });

  it('holds at most `maximumKeys` keys, dropping the least recently used', () => {
    const counter = new SlidingWindowCounter({ windowMs: 60_000, limit: 1, maximumKeys: 3 });
    for (let index = 0; index < 1000; index += 1) counter.take({ key: `user-${index}`, now: index });
    expect(counter.size).toBe(3);
  });
});

describe('createRunLimits', () => {
  it('refuses the run past the per-minute limit with a retry time', async () => {
    let now = Date.parse('2026-12-01T12:00:00Z');
    const limits = createRunLimits({
      settings: { runsPerMinute: 2, tokensPerDay: 0 },
      store: { tokenUsage: async () => ({ tokens: 0, oldestRunStartedAt: null }) },
      clock: () => new Date(now),
    });
    expect(await limits.check({ userId: 'ada' })).toBeUndefined();
    now += 1000;
    expect(await limits.check({ userId: 'ada' })).toBeUndefined();
    expect(await limits.check({ userId: 'ada' })).toMatchObject({
      code: 'run_rate_limited',
      retryAfterSeconds: 59,
    });
    expect(await limits.check({ userId: 'bob' })).toBeUndefined();
  });

  it('refuses once the day’s tokens are used, until the oldest counted run is a day old', async () => {
    const now = Date.parse('2026-12-01T12:00:00Z');
    const asked: unknown[] = [];
    const limits = createRunLimits({
      settings: { runsPerMinute: 0, tokensPerDay: 1000 },
      store: {
        tokenUsage: async (filter) => {
          asked.push(filter);
          return { tokens: 1200, oldestRunStartedAt: '2026-12-01T10:00:00.000Z' };
        },
      },
      clock: () => new Date(now),
    });
    expect(await limits.check({ userId: 'ada' })).toMatchObject({
      code: 'token_budget_exhausted',
      retryAfterSeconds: 22 * 3600,
    });
    expect(asked).toEqual([{ userId: 'ada', since: '2026-11-30T12:00:00.000Z' }]);
  });
});
