import { describe, expect, it } from 'vitest';
import { argumentsDigest } from './arguments-digest.ts';

describe('argumentsDigest', () => {
  it('ignores key order and tells different arguments apart', () => {
    expect(argumentsDigest({ a: 1, b: [1, { c: 2, d: 3 }] })).toBe(
      argumentsDigest({ b: [1, { d: 3, c: 2 }], a: 1 }),
    );
    expect(argumentsDigest({ a: 1 })).not.toBe(argumentsDigest({ a: 2 }));
    expect(argumentsDigest(undefined)).toMatch(/^[0-9a-f]{64}$/);
  });
});
