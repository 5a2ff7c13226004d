import { describe, expect, it } from 'vitest';
import { guardWidgetFrame, type MessageSourceWindow } from './frame-guard.ts';
import type { WatchdogTimers } from './frame-watchdog.ts';
import { WebglBudget } from './webgl-budget.ts';

type Listener = (event: { source: unknown; data: unknown }) => void;

function createHarness({ top = 0 }: { top?: number } = {}) {
  const listeners = new Set<Listener>();
  const hostWindow: MessageSourceWindow = {
    addEventListener: (_type, listener) => listeners.add(listener),
    removeEventListener: (_type, listener) => listeners.delete(listener),
    innerHeight: 900,
  };
  const pings: number[] = [];
  const frameWindow = {
    postMessage: (message: { seq: number }) => pings.push(message.seq),
  };
  const iframe = {
    contentWindow: frameWindow,
    getBoundingClientRect: () => ({ top, bottom: top + 300 }),
  } as unknown as HTMLIFrameElement;
  let now = 0;
  let tick: (() => void) | undefined;
  const timers: WatchdogTimers = {
    setInterval: (callback) => {
      tick = callback;
      return 1;
    },
    clearInterval: () => {
      tick = undefined;
    },
    now: () => now,
  };
  const deliver = (source: unknown, data: unknown) => {
    for (const listener of [...listeners]) listener({ source, data });
  };
  const advance = (steps: number) => {
    for (let step = 0; step < steps; step += 1) {
      now += 1000;
      tick?.();
    }
  };
  return { hostWindow, iframe, frameWindow, pings, timers, deliver, advance, listeners };
}

describe('guardWidgetFrame', () => {
  it('starts pinging when its frame says ready and flags the frame once pongs stop', () => {
    const harness = createHarness();
    const silences: number[] = [];
    guardWidgetFrame({
      iframe: harness.iframe,
      window: harness.hostWindow,
      budget: new WebglBudget(),
      timers: harness.timers,
      onUnresponsive: (silentForMs) => silences.push(silentForMs),
      onReleased: () => undefined,
    });
    harness.advance(3);
    expect(harness.pings).toEqual([]);
    harness.deliver(harness.frameWindow, { drawbridge: 1, kind: 'ready' });
    harness.advance(2);
    harness.deliver(harness.frameWindow, { drawbridge: 1, kind: 'pong', seq: 2 });
    harness.advance(4);
    expect(silences).toEqual([]);
    harness.advance(1);
    expect(silences).toEqual([5000]);
    expect(harness.listeners.size).toBe(0);
  });

  it('ignores ready and pong messages from any other window', () => {
    const harness = createHarness();
    const silences: number[] = [];
    guardWidgetFrame({
      iframe: harness.iframe,
      window: harness.hostWindow,
      budget: new WebglBudget(),
      timers: harness.timers,
      onUnresponsive: (silentForMs) => silences.push(silentForMs),
      onReleased: () => undefined,
    });
    harness.deliver({}, { drawbridge: 1, kind: 'ready' });
    harness.advance(10);
    expect(harness.pings).toEqual([]);
    expect(silences).toEqual([]);
  });

  it('counts the frame against the budget until it settles without a WebGL context, until stopped, and reports a release', () => {
    const budget = new WebglBudget({ limit: 1 });
    const far = createHarness({ top: 5000 });
    const released: string[] = [];
    const stopFar = guardWidgetFrame({
      iframe: far.iframe,
      window: far.hostWindow,
      budget,
      timers: far.timers,
      onUnresponsive: () => undefined,
      onReleased: () => released.push('far'),
    });
    expect(budget.liveCount()).toBe(1);
    // Only the frame's own window speaks for it; a count from elsewhere is ignored.
    far.deliver({}, { drawbridge: 1, kind: 'webgl', contexts: 0 });
    expect(budget.liveCount()).toBe(1);
    far.deliver(far.frameWindow, { drawbridge: 1, kind: 'webgl', contexts: 0 });
    expect(budget.liveCount()).toBe(0);
    far.deliver(far.frameWindow, { drawbridge: 1, kind: 'webgl', contexts: 1 });
    expect(budget.liveCount()).toBe(1);
    const near = createHarness({ top: 0 });
    const stopNear = guardWidgetFrame({
      iframe: near.iframe,
      window: near.hostWindow,
      budget,
      timers: near.timers,
      onUnresponsive: () => undefined,
      onReleased: () => released.push('near'),
    });
    // A new frame counts before it reports: it may be creating a context already.
    expect(released).toEqual(['far']);
    expect(far.listeners.size).toBe(0);
    stopFar();
    stopNear();
    expect(budget.liveCount()).toBe(0);
  });
});

describe('guardWidgetFrame over a frame handed on from another card', () => {
  it('pings at once, and counts the WebGL contexts the frame already reported', () => {
    const harness = createHarness({ top: 5000 });
    const budget = new WebglBudget({ limit: 1 });
    guardWidgetFrame({
      iframe: harness.iframe,
      window: harness.hostWindow,
      budget,
      timers: harness.timers,
      adopted: { webglContexts: 0 },
      onUnresponsive: () => undefined,
      onReleased: () => undefined,
    });
    harness.advance(2);
    expect(harness.pings.length).toBeGreaterThan(0);
    // It settled without WebGL in its first card: it does not count against the budget here either.
    expect(budget.liveCount()).toBe(0);
  });
});
