import { describe, expect, it } from 'vitest';
import { frameToHostMessageSchema, hostToFrameMessageSchema } from './frame-messages.ts';

describe('hostToFrameMessageSchema', () => {
  it('accepts every operation of the contract', () => {
    const messages = [
      { drawbridge: 1, op: 'init', theme: 'dark', height: 320 },
      { drawbridge: 1, op: 'css', delta: '.a{' },
      { drawbridge: 1, op: 'html', delta: '<div' },
      { drawbridge: 1, op: 'js', delta: 'console.log(1)' },
      { drawbridge: 1, op: 'end' },
      { drawbridge: 1, op: 'theme', theme: 'light' },
      { drawbridge: 1, op: 'visibility', visible: false },
      { drawbridge: 1, op: 'ping', seq: 7 },
      { drawbridge: 1, op: 'bridge-reply', id: 'p1', ok: false, message: 'limit reached' },
    ];
    for (const message of messages) {
      expect(hostToFrameMessageSchema.safeParse(message).success, JSON.stringify(message)).toBe(true);
    }
  });

  it('rejects messages without the drawbridge tag, with an unknown op, a wrong field type or a part without its delta', () => {
    const rejected = [
      { op: 'css', delta: '' },
      { drawbridge: 2, op: 'css', delta: '' },
      // The whole-text shape of earlier versions: a part travels only as a delta now.
      { drawbridge: 1, op: 'css', text: '.a{}' },
      { drawbridge: 1, op: 'js', text: 'go()' },
      { drawbridge: 1, op: 'eval', text: '' },
      { drawbridge: 1, op: 'html', delta: 42 },
      { drawbridge: 1, op: 'theme', theme: 'sepia' },
      { drawbridge: 1, op: 'ping', seq: 1.5 },
    ];
    for (const message of rejected) {
      expect(hostToFrameMessageSchema.safeParse(message).success, JSON.stringify(message)).toBe(false);
    }
  });
});

describe('frameToHostMessageSchema', () => {
  it('accepts every report of the contract, including the optional CSP details', () => {
    const messages = [
      { drawbridge: 1, kind: 'ready' },
      { drawbridge: 1, kind: 'height', px: 240 },
      { drawbridge: 1, kind: 'error', message: 'boom', source: 'script' },
      {
        drawbridge: 1,
        kind: 'error',
        message: 'blocked',
        source: 'csp',
        blockedUri: 'http://127.0.0.1/x',
        directive: 'img-src',
      },
      { drawbridge: 1, kind: 'pong', seq: 3 },
      { drawbridge: 1, kind: 'prompt', id: 'a', text: 'more please' },
      { drawbridge: 1, kind: 'link', id: 'b', url: 'https://example.org' },
      { drawbridge: 1, kind: 'rendered' },
    ];
    for (const message of messages) {
      expect(frameToHostMessageSchema.safeParse(message).success, JSON.stringify(message)).toBe(true);
    }
  });

  it('rejects an unknown kind, an unknown error source and a missing id', () => {
    const rejected = [
      { drawbridge: 1, kind: 'navigate', url: 'https://example.org' },
      { drawbridge: 1, kind: 'error', message: 'x', source: 'network' },
      { drawbridge: 1, kind: 'prompt', text: 'hi' },
      { kind: 'ready' },
    ];
    for (const message of rejected) {
      expect(frameToHostMessageSchema.safeParse(message).success, JSON.stringify(message)).toBe(false);
    }
  });
});
