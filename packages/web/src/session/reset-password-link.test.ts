import { describe, expect, it } from 'vitest';
import { resetTokenFromHash } from './reset-password-link.ts';

describe('resetTokenFromHash', () => {
  it('reads the token of a reset link and nothing else', () => {
    expect(resetTokenFromHash('#/reset-password?token=abc%2Bdef')).toBe('abc+def');
    expect(resetTokenFromHash('#/reset-password?token=')).toBeUndefined();
    expect(resetTokenFromHash('#/reset-password')).toBeUndefined();
    expect(resetTokenFromHash('#/t/0b9c7d3e')).toBeUndefined();
    expect(resetTokenFromHash('')).toBeUndefined();
  });
});
