import { getHeapStatistics } from 'node:v8';
import { memoryReducingCollection } from './memory-reducing-collection.ts';

/** How often the server looks whether it went idle with a heap grown past what it holds. */
const defaultIntervalMs = 10_000;
/** Growth of the heap since the last release that is worth a collection of the whole heap. */
const defaultGrowthBytes = 64 * 1024 * 1024;

/**
 * Gives back the memory a burst of runs grew the heap into, once the server is idle. A finished run keeps
 * nothing (its log is read from the store), and V8 frees its objects at the next collections, but keeps the
 * pages they took resident; an idle server allocates nothing, so no collection that would return them comes:
 * 1,000 runs opened and abandoned left the process 650-800 MB above its idle figure for as long as it stayed
 * idle (`bench/abandoned-runs-memory.ts`). So every `intervalMs` it looks: no run active at this look and at
 * the one before (a whole interval quiet), and the heap `growthBytes` larger than after the last release, and
 * it asks V8 for one memory-reducing collection (`memoryReducingCollection`). Never while a run is active:
 * that collection stops the process for as long as it takes (about a second for 800 MB).
 */
export function startIdleMemoryRelease({
  activeRuns,
  intervalMs = defaultIntervalMs,
  growthBytes = defaultGrowthBytes,
  heapBytes = () => getHeapStatistics().total_heap_size,
  collect = memoryReducingCollection(),
  reportError,
}: {
  /** How many runs are executing or still storing their end (`RunRegistry.size`). */
  activeRuns(): number;
  intervalMs?: number;
  growthBytes?: number;
  /** The heap's size, used and free pages together. */
  heapBytes?(): number;
  collect?(): Promise<void>;
  reportError(message: string, error: unknown): void;
}): { stop(): void } {
  let released = heapBytes();
  let quietBefore = false;
  let collecting = false;
  const look = () => {
    const quiet = activeRuns() === 0;
    const due = quiet && quietBefore && !collecting && heapBytes() - released > growthBytes;
    quietBefore = quiet;
    if (!due) return;
    collecting = true;
    collect()
      .catch((error: unknown) => reportError('the collection of idle memory failed', error))
      .finally(() => {
        collecting = false;
        released = heapBytes();
      });
  };
  const timer = setInterval(look, intervalMs);
  // Nothing to give back is no reason to keep the process alive.
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
