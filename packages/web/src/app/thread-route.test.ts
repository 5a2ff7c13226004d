import { describe, expect, it } from 'vitest';
import { hashForThread, threadIdFromHash } from './thread-route.ts';

describe('thread route', () => {
  it('round-trips a thread id through the hash', () => {
    expect(threadIdFromHash(hashForThread('thr_01-AB'))).toBe('thr_01-AB');
  });

  it('ignores anything that is not a thread hash', () => {
    expect(threadIdFromHash('')).toBeUndefined();
    expect(threadIdFromHash('#/t/')).toBeUndefined();
    expect(threadIdFromHash('#/t/../../etc')).toBeUndefined();
    expect(threadIdFromHash('#/x/abc')).toBeUndefined();
    expect(hashForThread(undefined)).toBe('');
  });
});
