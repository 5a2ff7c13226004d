import { getHeapStatistics } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { memoryReducingCollection } from './memory-reducing-collection.ts';

const megabytes = 1024 * 1024;

/** Objects of about `size` bytes in all, dropped on return: what a burst of runs leaves behind. */
function burst(size: number): void {
  const kept: { index: number; text: string }[] = [];
  for (let index = 0; index * 64 < size; index += 1) kept.push({ index, text: `piece ${index}` });
  expect(kept.length).toBeGreaterThan(0);
}

describe('memoryReducingCollection', () => {
  it('gives back the pages a freed burst grew the heap into', async () => {
    const collect = memoryReducingCollection();
    await collect();
    const idle = getHeapStatistics().total_heap_size;
    burst(300 * megabytes);
    expect(getHeapStatistics().total_heap_size - idle).toBeGreaterThan(100 * megabytes);
    await collect();
    expect(getHeapStatistics().total_heap_size - idle).toBeLessThan(50 * megabytes);
  });

  it('leaves no gc global behind, here or in a later context', () => {
    memoryReducingCollection();
    expect('gc' in globalThis).toBe(false);
    expect(runInNewContext('typeof gc')).toBe('undefined');
  });
});
