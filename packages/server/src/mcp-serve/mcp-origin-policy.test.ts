import { describe, expect, it } from 'vitest';
import { mcpOriginAllowed } from './mcp-origin-policy.ts';

const allowedOrigins = ['https://host.example.com'];

describe('mcpOriginAllowed', () => {
  it.each([
    ['https://host.example.com', 'chat.example.com'],
    ['HTTPS://Host.Example.com', 'chat.example.com'],
    ['http://127.0.0.1:5173', '127.0.0.1:8787'],
    ['http://localhost:3000', '127.0.0.1:8787'],
    ['http://[::1]:3000', 'localhost:8787'],
    ['https://127.0.0.2', '[::1]:8787'],
  ])('lets %s call a server addressed as %s', (origin, host) => {
    expect(mcpOriginAllowed({ origin, host, allowedOrigins })).toBe(true);
  });

  it.each([
    // A loopback page reaches only a server addressed on loopback: off it, only the configured origins do.
    ['http://127.0.0.1:5173', 'chat.example.com'],
    ['https://other.example.com', '127.0.0.1:8787'],
    ['http://host.example.com', 'chat.example.com'],
    ['https://host.example.com:8443', 'chat.example.com'],
    ['null', '127.0.0.1:8787'],
    ['file://', '127.0.0.1:8787'],
    ['chrome-extension://abc', '127.0.0.1:8787'],
    ['', '127.0.0.1:8787'],
  ])('refuses %s on a server addressed as %s', (origin, host) => {
    expect(mcpOriginAllowed({ origin, host, allowedOrigins })).toBe(false);
  });
});
