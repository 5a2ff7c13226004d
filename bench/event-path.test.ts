import { describe, expect, it } from 'vitest';
import { runBench } from './support/run-bench.ts';

// Run tiny in the unit suite so the bench cannot rot unseen: both rows, each with its numbers.
describe('bench/event-path.ts', () => {
  it('measures the model alone, our path after it with the live log alone, and with the store', {
    timeout: 60_000,
  }, async () => {
    const stdout = await runBench('event-path', [
      '--runs',
      '5',
      '--pieces',
      '5',
      '--interval-ms',
      '1',
      '--rounds',
      '2',
    ]);
    const rows = stdout
      .split('\n')
      .filter((line) => /^(model|live|path) +\|/.test(line))
      .map((line) => line.split('|').map((cell) => cell.trim()));
    expect(rows.map(([label]) => label)).toEqual(['model', 'live', 'path']);
    for (const [, wall, perPiece, least] of rows) {
      expect(Number(wall)).toBeGreaterThan(0);
      expect(Number(perPiece)).toBeGreaterThan(0);
      expect(Number(least)).toBeGreaterThan(0);
    }
  });
});
