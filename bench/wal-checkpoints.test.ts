import { describe, expect, it } from 'vitest';
import { runBench } from './support/run-bench.ts';

// Run tiny, so the bench the checkpoint worker was measured with keeps working.
describe('bench/wal-checkpoints.ts', () => {
  it('rewrites every reply and prints what the loop waited', { timeout: 60_000 }, async () => {
    const stdout = await runBench('wal-checkpoints', [
      '--replies',
      '4',
      '--every-ms',
      '5',
      '--seconds',
      '0.5',
    ]);
    const writes = Number(/^writes\s+(\d+)/m.exec(stdout)?.[1]);
    // Four replies for half a second, a write every 5 ms at most: some, and never more than the schedule allows.
    expect(writes).toBeGreaterThanOrEqual(4);
    expect(writes).toBeLessThanOrEqual(4 * 101);
    expect(stdout).toMatch(/^loop delay\s+p50 [\d.]+ ms, p99 [\d.]+ ms, max [\d.]+ ms$/m);
    expect(stdout).toMatch(/^largest WAL\s+[\d.]+ MB$/m);
  });
});
