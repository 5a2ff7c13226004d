// @vitest-environment happy-dom

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clockText, countdown, type KitCountdownTick } from './countdown.ts';

describe('clockText', () => {
  it('reads minutes and seconds, rounded up, and hours only when there are some', () => {
    expect(clockText(25 * 60_000)).toBe('25:00');
    expect(clockText(59_001)).toBe('01:00');
    expect(clockText(0)).toBe('00:00');
    expect(clockText(-5)).toBe('00:00');
    expect(clockText(3_909_000)).toBe('1:05:09');
  });
});

describe('countdown', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('ticks at once, counts down by the clock while running, pauses, and ends once', () => {
    const ticks: KitCountdownTick[] = [];
    let ends = 0;
    const timer = countdown({ ms: 3000, onTick: (tick) => ticks.push(tick), onEnd: () => ends++ });
    expect(ticks.at(-1)).toEqual({ remaining: 3000, clock: '00:03', fraction: 0, running: false });
    timer.start();
    vi.advanceTimersByTime(1000);
    expect(ticks.at(-1)?.clock).toBe('00:02');
    expect(ticks.at(-1)?.running).toBe(true);
    timer.pause();
    vi.advanceTimersByTime(5000);
    expect(timer.remaining()).toBe(2000);
    expect(ticks.at(-1)).toMatchObject({ remaining: 2000, running: false });
    timer.start();
    vi.advanceTimersByTime(2500);
    expect(ends).toBe(1);
    expect(timer.running()).toBe(false);
    expect(ticks.at(-1)).toMatchObject({ remaining: 0, clock: '00:00', fraction: 1 });
    timer.start();
    expect(timer.running()).toBe(false);
  });

  it('stops drawing while the page is hidden but still ends on time', () => {
    let ticks = 0;
    let ends = 0;
    const timer = countdown({ ms: 10_000, onTick: () => ticks++, onEnd: () => ends++ });
    timer.start();
    const hidden = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    document.dispatchEvent(new Event('visibilitychange'));
    const before = ticks;
    vi.advanceTimersByTime(5000);
    expect(ticks).toBe(before);
    vi.advanceTimersByTime(5000);
    expect(ends).toBe(1);
    hidden.mockRestore();
  });

  it('reset starts over, at a new length if given', () => {
    const timer = countdown({ ms: 3000 });
    timer.start();
    vi.advanceTimersByTime(1000);
    timer.reset(60_000);
    expect(timer.running()).toBe(false);
    expect(timer.remaining()).toBe(60_000);
  });
});
