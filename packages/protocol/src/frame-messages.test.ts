import { describe, expect, it } from 'vitest';
import { frameToHostMessageTable, isHostToFrameMessage, matchesFrameMessage } from './frame-message-table.ts';
import { frameToHostMessageSchema, hostToFrameMessageSchema } from './frame-messages.ts';

const acceptedHostMessages = [
  { drawbridge: 1, op: 'init', theme: 'dark', height: 320 },
  { drawbridge: 1, op: 'css', delta: '.a{' },
  { drawbridge: 1, op: 'css', delta: '.b{}', replace: true },
  { drawbridge: 1, op: 'html', delta: '<div' },
  { drawbridge: 1, op: 'js', delta: 'console.log(1)' },
  { drawbridge: 1, op: 'end' },
  { drawbridge: 1, op: 'theme', theme: 'light' },
  { drawbridge: 1, op: 'visibility', visible: false },
  { drawbridge: 1, op: 'fullscreen', active: true },
  { drawbridge: 1, op: 'ping', seq: 7 },
  { drawbridge: 1, op: 'bridge-reply', id: 'p1', ok: false, message: 'limit reached' },
  { drawbridge: 1, op: 'state', json: '{"count":3}' },
];

const rejectedHostMessages = [
  { op: 'css', delta: '' },
  { drawbridge: 2, op: 'css', delta: '' },
  // The whole-text shape of earlier versions: a part travels only as a delta now.
  { drawbridge: 1, op: 'css', text: '.a{}' },
  { drawbridge: 1, op: 'js', text: 'go()' },
  { drawbridge: 1, op: 'eval', text: '' },
  { drawbridge: 1, op: 'html', delta: 42 },
  { drawbridge: 1, op: 'html', delta: '<p>', replace: false },
  { drawbridge: 1, op: 'theme', theme: 'sepia' },
  { drawbridge: 1, op: 'fullscreen', active: 'yes' },
  { drawbridge: 1, op: 'ping', seq: 1.5 },
  { drawbridge: 1, op: 'init', theme: 'dark', height: Number.POSITIVE_INFINITY },
  { drawbridge: 1, op: 'constructor' },
  { drawbridge: 1, op: 'toString' },
  { drawbridge: 1, op: 'state', json: { count: 3 } },
  null,
  'end',
];

const acceptedFrameMessages = [
  { drawbridge: 1, kind: 'ready' },
  { drawbridge: 1, kind: 'height', px: 240 },
  { drawbridge: 1, kind: 'error', message: 'boom', source: 'script' },
  { drawbridge: 1, kind: 'error', message: 'boom', source: 'script', line: 3 },
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
  { drawbridge: 1, kind: 'refused', code: 'markup_too_deep' },
  { drawbridge: 1, kind: 'refused', code: 'widget_too_large' },
  { drawbridge: 1, kind: 'leaving' },
  { drawbridge: 1, kind: 'webgl', contexts: 0 },
  { drawbridge: 1, kind: 'state', id: 's1', json: '{"count":3}' },
];

const rejectedFrameMessages = [
  { drawbridge: 1, kind: 'navigate', url: 'https://example.org' },
  { drawbridge: 1, kind: 'error', message: 'x', source: 'network' },
  { drawbridge: 1, kind: 'error', message: 'x', source: 'script', line: 0 },
  { drawbridge: 1, kind: 'prompt', text: 'hi' },
  { drawbridge: 1, kind: 'webgl', contexts: -1 },
  { drawbridge: 1, kind: 'refused', code: 'too_pretty' },
  { drawbridge: 1, kind: 'refused' },
  { kind: 'ready' },
];

describe('hostToFrameMessageSchema', () => {
  it('accepts every operation of the contract', () => {
    for (const message of acceptedHostMessages) {
      expect(hostToFrameMessageSchema.safeParse(message).success, JSON.stringify(message)).toBe(true);
    }
  });

  it('rejects messages without the drawbridge tag, with an unknown op, a wrong field type or a part without its delta', () => {
    for (const message of rejectedHostMessages) {
      expect(hostToFrameMessageSchema.safeParse(message).success, JSON.stringify(message)).toBe(false);
    }
  });
});

describe('frameToHostMessageSchema', () => {
  it('accepts every report of the contract, including the optional CSP details', () => {
    for (const message of acceptedFrameMessages) {
      expect(frameToHostMessageSchema.safeParse(message).success, JSON.stringify(message)).toBe(true);
    }
  });

  it('rejects an unknown kind, an unknown error source, a missing id and out-of-range integers', () => {
    for (const message of rejectedFrameMessages) {
      expect(frameToHostMessageSchema.safeParse(message).success, JSON.stringify(message)).toBe(false);
    }
  });
});

describe('the frame runtime check, from the same table', () => {
  it('agrees with the host schema on every message, accepted or rejected', () => {
    for (const message of [...acceptedHostMessages, ...rejectedHostMessages]) {
      expect(isHostToFrameMessage(message), JSON.stringify(message)).toBe(
        hostToFrameMessageSchema.safeParse(message).success,
      );
    }
    for (const message of [...acceptedFrameMessages, ...rejectedFrameMessages]) {
      expect(matchesFrameMessage(frameToHostMessageTable, 'kind', message), JSON.stringify(message)).toBe(
        frameToHostMessageSchema.safeParse(message).success,
      );
    }
  });
});
