import { describe, expect, it } from 'vitest';
import { FrameWatchdog, type WatchdogTimers } from './frame-watchdog.ts';

/** Hand-driven timers: `advance(ms)` fires the interval as often as real time would have. */
function createManualTimers() {
  let now = 0;
  let callback: (() => void) | undefined;
  let period = 0;
  let nextFire = 0;
  const timers: WatchdogTimers = {
    setInterval: (fire, milliseconds) => {
      callback = fire;
      period = milliseconds;
      nextFire = now + milliseconds;
      return 1;
    },
    clearInterval: () => {
      callback = undefined;
    },
    now: () => now,
  };
  const advance = (milliseconds: number, beforeEachFire: () => void = () => undefined) => {
    const end = now + milliseconds;
    while (callback !== undefined && nextFire <= end) {
      now = nextFire;
      nextFire += period;
      beforeEachFire();
      callback?.();
    }
    now = end;
  };
  return { timers, advance };
}

describe('FrameWatchdog', () => {
  it('pings on every interval with rising sequence numbers', () => {
    const { timers, advance } = createManualTimers();
    const pings: number[] = [];
    const watchdog = new FrameWatchdog({
      sendPing: (seq) => pings.push(seq),
      onUnresponsive: () => undefined,
      timers,
      pingIntervalMs: 100,
      unresponsiveAfterMs: 1000,
    });
    watchdog.start();
    advance(350);
    expect(pings).toEqual([1, 2, 3]);
  });

  it('stays quiet while every ping is answered', () => {
    const { timers, advance } = createManualTimers();
    let unresponsive = 0;
    const watchdog: FrameWatchdog = new FrameWatchdog({
      sendPing: (seq) => watchdog.notePong(seq),
      onUnresponsive: () => {
        unresponsive += 1;
      },
      timers,
      pingIntervalMs: 100,
      unresponsiveAfterMs: 500,
    });
    watchdog.start();
    advance(10_000);
    expect(unresponsive).toBe(0);
  });

  it('declares the frame unresponsive once, after the silence reaches the limit, and stops pinging', () => {
    const { timers, advance } = createManualTimers();
    const pings: number[] = [];
    const silences: number[] = [];
    const watchdog = new FrameWatchdog({
      sendPing: (seq) => pings.push(seq),
      onUnresponsive: (silentForMs) => silences.push(silentForMs),
      timers,
      pingIntervalMs: 100,
      unresponsiveAfterMs: 500,
    });
    watchdog.start();
    advance(450);
    expect(silences).toEqual([]);
    advance(5000);
    expect(silences).toEqual([500]);
    expect(pings).toEqual([1, 2, 3, 4]);
  });

  it('ignores pongs for pings it never sent (widget code can post pongs too)', () => {
    const { timers, advance } = createManualTimers();
    const silences: number[] = [];
    const watchdog = new FrameWatchdog({
      sendPing: () => undefined,
      onUnresponsive: (silentForMs) => silences.push(silentForMs),
      timers,
      pingIntervalMs: 100,
      unresponsiveAfterMs: 300,
    });
    watchdog.start();
    advance(250, () => watchdog.notePong(999));
    advance(100);
    expect(silences).toEqual([300]);
  });

  it('never fires after stop', () => {
    const { timers, advance } = createManualTimers();
    const silences: number[] = [];
    const watchdog = new FrameWatchdog({
      sendPing: () => undefined,
      onUnresponsive: (silentForMs) => silences.push(silentForMs),
      timers,
      pingIntervalMs: 100,
      unresponsiveAfterMs: 300,
    });
    watchdog.start();
    watchdog.stop();
    watchdog.start();
    advance(5000);
    expect(silences).toEqual([]);
  });
});
