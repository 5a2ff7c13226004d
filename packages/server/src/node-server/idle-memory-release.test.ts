import { afterEach, describe, expect, it, vi } from 'vitest';
import { startIdleMemoryRelease } from './idle-memory-release.ts';

const megabytes = 1024 * 1024;

afterEach(() => {
  vi.useRealTimers();
});

/** A release over a heap and a run count the test sets, with its collections counted. */
function releaseOver({ heap = 100 * megabytes, runs = 0 } = {}) {
  vi.useFakeTimers();
  const state = { heap, runs, collections: 0 };
  const release = startIdleMemoryRelease({
    activeRuns: () => state.runs,
    intervalMs: 1_000,
    growthBytes: 64 * megabytes,
    heapBytes: () => state.heap,
    collect: async () => {
      state.collections += 1;
      state.heap = heap;
    },
    reportError: () => {},
  });
  return { state, release };
}

describe('startIdleMemoryRelease', () => {
  it('gives the heap a burst of runs grew back once no run was active for a whole interval, once', async () => {
    const { state, release } = releaseOver({ runs: 1 });
    state.heap += 700 * megabytes;
    await vi.advanceTimersByTimeAsync(5_000);
    expect(state.collections).toBe(0);
    state.runs = 0;
    // The first quiet look only notes the quiet: a run may start the next moment.
    await vi.advanceTimersByTimeAsync(1_000);
    expect(state.collections).toBe(0);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(state.collections).toBe(1);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(state.collections).toBe(1);
    release.stop();
  });

  it('leaves a heap alone that grew less than the threshold, and collects nothing while runs go on', async () => {
    const { state, release } = releaseOver();
    state.heap += 32 * megabytes;
    await vi.advanceTimersByTimeAsync(10_000);
    state.runs = 3;
    state.heap += 700 * megabytes;
    await vi.advanceTimersByTimeAsync(10_000);
    expect(state.collections).toBe(0);
    release.stop();
  });
});
