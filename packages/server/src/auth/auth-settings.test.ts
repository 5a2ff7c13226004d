import { describe, expect, it } from 'vitest';
import { maySignUp } from './auth-settings.ts';

describe('maySignUp', () => {
  it('lets in what the policy lists, and the admins always', () => {
    const adminEmails = ['root@example.com'];
    expect(maySignUp({ policy: [], email: 'ada@example.com', adminEmails })).toBe(false);
    expect(maySignUp({ policy: [], email: 'Root@Example.com', adminEmails })).toBe(true);
    expect(maySignUp({ policy: ['@example.com'], email: 'ada@example.com', adminEmails })).toBe(true);
    expect(maySignUp({ policy: ['@example.com'], email: 'ada@example.com.evil', adminEmails })).toBe(false);
    expect(maySignUp({ policy: ['bob@x.org'], email: 'bob@x.org', adminEmails })).toBe(true);
    expect(maySignUp({ policy: 'open', email: 'anyone@anywhere.org', adminEmails })).toBe(true);
  });
});
