import { describe, expect, it } from 'vitest';
import { maySignUp } from './auth-settings.ts';

describe('maySignUp', () => {
  it('lets in what the policy lists and nothing else, whoever the address is meant for', () => {
    expect(maySignUp({ policy: [], email: 'ada@example.com' })).toBe(false);
    expect(maySignUp({ policy: [], email: 'Root@Example.com' })).toBe(false);
    expect(maySignUp({ policy: ['@example.com'], email: 'ada@example.com' })).toBe(true);
    expect(maySignUp({ policy: ['@example.com'], email: 'Ada@Example.com' })).toBe(true);
    expect(maySignUp({ policy: ['@example.com'], email: 'ada@example.com.evil' })).toBe(false);
    expect(maySignUp({ policy: ['@example.com'], email: 'admin@x.test' })).toBe(false);
    expect(maySignUp({ policy: ['bob@x.org'], email: 'bob@x.org' })).toBe(true);
    expect(maySignUp({ policy: 'open', email: 'anyone@anywhere.org' })).toBe(true);
  });
});
