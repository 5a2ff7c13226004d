// @vitest-environment happy-dom

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { steps } from './steps.ts';

describe('steps', () => {
  const shown: number[] = [];
  const button = (id: string) => document.getElementById(id) as HTMLButtonElement;

  beforeEach(() => {
    vi.useFakeTimers();
    shown.length = 0;
    document.body.innerHTML =
      '<button id="play">Play</button><button id="back">Back</button><button id="next">Next</button>';
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const walk = () =>
    steps({
      count: 3,
      ms: 1000,
      play: '#play',
      back: '#back',
      next: '#next',
      onStep: (index) => shown.push(index),
    });

  it('shows the first step at once; Next and Back move and wrap around', () => {
    const flow = walk();
    button('next').click();
    button('next').click();
    button('next').click();
    button('back').click();
    expect(shown).toEqual([0, 1, 2, 0, 2]);
    expect(flow.index()).toBe(2);
  });

  it('plays a step at a time until the last, reading Pause while it plays', () => {
    const flow = walk();
    button('play').click();
    expect(button('play').textContent).toBe('Pause');
    expect(flow.playing()).toBe(true);
    vi.advanceTimersByTime(5000);
    expect(shown).toEqual([0, 1, 2]);
    expect(flow.playing()).toBe(false);
    expect(button('play').textContent).toBe('Play');
    // From the last step, Play starts over.
    button('play').click();
    expect(shown.at(-1)).toBe(0);
  });

  it('pauses on a second click, and a step chosen by hand stops it', () => {
    const flow = walk();
    button('play').click();
    button('play').click();
    vi.advanceTimersByTime(5000);
    expect(shown).toEqual([0, 1]);
    button('play').click();
    flow.go(0);
    vi.advanceTimersByTime(5000);
    expect(shown).toEqual([0, 1, 2, 0]);
    expect(button('play').textContent).toBe('Play');
  });

  it('waits while the page is hidden', () => {
    walk();
    const hidden = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    button('play').click();
    vi.advanceTimersByTime(5000);
    expect(shown).toEqual([0, 1]);
    hidden.mockRestore();
    vi.advanceTimersByTime(1000);
    expect(shown).toEqual([0, 1, 2]);
  });
});
