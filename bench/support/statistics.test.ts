import { describe, expect, it } from 'vitest';
import { median, percentile } from './statistics.ts';

describe('percentile', () => {
  const hundred = Array.from({ length: 100 }, (_, index) => index + 1);

  it('takes the nearest rank at or below the fraction', () => {
    expect(percentile(hundred, 0.5)).toBe(51);
    expect(percentile(hundred, 0.99)).toBe(100);
    expect(percentile(hundred, 0)).toBe(1);
    expect(percentile([3, 7, 9], 0.5)).toBe(7);
  });

  it('stays within the samples at a fraction of 1, and is NaN with none', () => {
    expect(percentile(hundred, 1)).toBe(100);
    expect(percentile([], 0.5)).toBeNaN();
  });
});

describe('median', () => {
  it('is the middle value of an odd count, whatever the order', () => {
    expect(median([9, 1, 5])).toBe(5);
  });

  it('is the mean of the two middle values of an even count', () => {
    expect(median([4, 1, 10, 2])).toBe(3);
    expect(median([3.95, 4.17])).toBeCloseTo(4.06, 10);
  });

  it('leaves its input as it was, and is NaN with no values', () => {
    const values = [3, 1, 2];
    median(values);
    expect(values).toEqual([3, 1, 2]);
    expect(median([])).toBeNaN();
  });
});
