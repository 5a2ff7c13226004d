// @vitest-environment happy-dom

import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useNowByDay } from './use-now-by-day.ts';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let container: HTMLDivElement;
let root: Root;
const seen: string[] = [];

function Probe() {
  seen.push(useNowByDay().toDateString());
  return null;
}

beforeEach(() => {
  // Local times: the hook counts days on the machine's own calendar, whatever its zone.
  vi.useFakeTimers({ now: new Date(2026, 2, 9, 23, 59, 0) });
  seen.length = 0;
  container = document.createElement('div');
  root = createRoot(container);
});

afterEach(() => {
  act(() => root.unmount());
  vi.useRealTimers();
});

describe('useNowByDay', () => {
  it('keeps its time through the day, however often the page draws, and reads it again after midnight', () => {
    act(() => root.render(<Probe />));
    act(() => vi.advanceTimersByTime(30_000));
    act(() => root.render(<Probe />));
    expect(new Set(seen)).toEqual(new Set([new Date(2026, 2, 9).toDateString()]));
    act(() => vi.advanceTimersByTime(31_000));
    expect(seen.at(-1)).toBe(new Date(2026, 2, 10).toDateString());
  });

  it('reads the time again when the page is shown on another day (timers of a sleeping machine are late)', () => {
    act(() => root.render(<Probe />));
    // The clock jumps past midnight without the timer having fired, as after a laptop's sleep.
    vi.setSystemTime(new Date(2026, 2, 11, 8, 0, 0));
    act(() => document.dispatchEvent(new Event('visibilitychange')));
    expect(seen.at(-1)).toBe(new Date(2026, 2, 11).toDateString());
  });
});
