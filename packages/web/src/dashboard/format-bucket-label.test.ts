import { describe, expect, it } from 'vitest';
import { formatBucketLabel } from './format-bucket-label.ts';

const at = '2026-03-03T14:05:00';

describe('formatBucketLabel', () => {
  it('shows the time alone within a day', () => {
    expect(formatBucketLabel(at, { bucketMs: 300_000, spanMs: 3_600_000 })).toBe('14:05');
  });
  it('adds the weekday for sub-day buckets over several days', () => {
    expect(formatBucketLabel(at, { bucketMs: 6 * 3_600_000, spanMs: 7 * 86_400_000 })).toBe('Tue 14:05');
  });
  it('shows the date for whole-day buckets', () => {
    expect(formatBucketLabel(at, { bucketMs: 86_400_000, spanMs: 30 * 86_400_000 })).toBe('Mar 3');
  });
});
