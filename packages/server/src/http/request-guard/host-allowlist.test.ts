import { describe, expect, it } from 'vitest';
import { isAllowedHost, loopbackHostNames, splitAuthority } from './host-allowlist.ts';

describe('splitAuthority', () => {
  it.each([
    ['localhost', 'localhost', undefined],
    ['127.0.0.1:8787', '127.0.0.1', '8787'],
    ['[::1]', '[::1]', undefined],
    ['[::1]:8787', '[::1]', '8787'],
    ['EVIL.example:80', 'evil.example', '80'],
    ['::1', '::1', undefined],
  ])('%s → %s port %s', (authority, name, port) => {
    expect(splitAuthority(authority)).toEqual({ name, port });
  });
});

describe('isAllowedHost', () => {
  it('accepts loopback names on any port and nothing else by default', () => {
    expect(isAllowedHost('127.0.0.1:8787', loopbackHostNames)).toBe(true);
    expect(isAllowedHost('localhost', loopbackHostNames)).toBe(true);
    expect(isAllowedHost('[::1]:9000', loopbackHostNames)).toBe(true);
    expect(isAllowedHost('evil.example', loopbackHostNames)).toBe(false);
    expect(isAllowedHost('localhost.evil.example', loopbackHostNames)).toBe(false);
    expect(isAllowedHost('127.0.0.1.nip.io:8787', loopbackHostNames)).toBe(false);
    expect(isAllowedHost('', loopbackHostNames)).toBe(false);
  });

  it('honours a port in an entry', () => {
    const allowed = ['chat.internal:8443'];
    expect(isAllowedHost('chat.internal:8443', allowed)).toBe(true);
    expect(isAllowedHost('chat.internal:8444', allowed)).toBe(false);
    expect(isAllowedHost('chat.internal', allowed)).toBe(false);
  });
});
