import { describe, expect, it } from 'vitest';
import { modelRetryDelay } from './model-retry-delay.ts';

describe('modelRetryDelay', () => {
  const now = Date.parse('2026-12-01T12:00:00Z');

  it('backs off by itself when the provider says nothing usable', () => {
    expect(modelRetryDelay({ responseHeaders: undefined, backoffMs: 2_000, now })).toBe(2_000);
    expect(modelRetryDelay({ responseHeaders: { 'retry-after': 'soon' }, backoffMs: 4_000, now })).toBe(
      4_000,
    );
    expect(modelRetryDelay({ responseHeaders: { 'retry-after': '' }, backoffMs: 4_000, now })).toBe(4_000);
  });

  it('waits as long as the provider asks, in milliseconds, seconds or as a date', () => {
    expect(modelRetryDelay({ responseHeaders: { 'retry-after-ms': '350' }, backoffMs: 2_000, now })).toBe(
      350,
    );
    expect(modelRetryDelay({ responseHeaders: { 'Retry-After': '7' }, backoffMs: 2_000, now })).toBe(7_000);
    expect(
      modelRetryDelay({
        responseHeaders: { 'retry-after': 'Tue, 01 Dec 2026 12:00:05 GMT' },
        backoffMs: 2_000,
        now,
      }),
    ).toBe(5_000);
  });

  it('prefers retry-after-ms over retry-after', () => {
    expect(
      modelRetryDelay({
        responseHeaders: { 'retry-after-ms': '20', 'retry-after': '9' },
        backoffMs: 2_000,
        now,
      }),
    ).toBe(20);
  });

  it('does not wait for a provider that asks for more than a minute, unless our backoff is longer still', () => {
    expect(modelRetryDelay({ responseHeaders: { 'retry-after': '3600' }, backoffMs: 2_000, now })).toBe(
      2_000,
    );
    expect(modelRetryDelay({ responseHeaders: { 'retry-after': '90' }, backoffMs: 120_000, now })).toBe(
      90_000,
    );
  });

  it('ignores a date in the past', () => {
    expect(
      modelRetryDelay({
        responseHeaders: { 'retry-after': 'Tue, 01 Dec 2026 11:00:00 GMT' },
        backoffMs: 2_000,
        now,
      }),
    ).toBe(2_000);
  });
});
