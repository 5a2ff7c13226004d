import { describe, expect, it } from 'vitest';
import { num } from './number-format.ts';

describe('num', () => {
  it('rounds to six significant digits with separators and no trailing zeros', () => {
    expect(num(1609.344)).toBe('1,609.34');
    expect(num(0.1 + 0.2)).toBe('0.3');
    expect(num(42)).toBe('42');
    expect(num(0.000123456789)).toBe('0.000123457');
    expect(num(-40)).toBe('-40');
  });

  it('takes another number of digits', () => {
    expect(num(2 / 3, 12)).toBe('0.666666666667');
    expect(num(123456789, 3)).toBe('123,000,000');
  });

  it('writes minus zero as 0 and what is not a finite number as a dash', () => {
    expect(num(-0)).toBe('0');
    expect(num(Number.NaN)).toBe('—');
    expect(num(Number.POSITIVE_INFINITY)).toBe('—');
  });
});
