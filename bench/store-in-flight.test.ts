import { describe, expect, it } from 'vitest';
import { runBench } from './support/run-bench.ts';

// Run tiny in the unit suite so the bench cannot rot unseen: every call, alone and at once, with a number.
describe('bench/store-in-flight.ts', () => {
  it('measures every store call of a run, alone and at once', { timeout: 60_000 }, async () => {
    const stdout = await runBench('store-in-flight', ['--count', '20']);
    const rows = stdout
      .split('\n')
      .filter((line) => /\| (alone|at once) /.test(line))
      .map((line) => line.split('|').map((cell) => cell.trim()));
    expect(rows.map(([call, how]) => `${call} ${how}`)).toEqual(
      ['alone', 'at once'].flatMap((how) =>
        [
          'getThread',
          'startRun',
          'appendMessage (user)',
          'listMessages',
          'appendMessage (reply)',
          'updateMessage',
          'finishRun',
        ].map((call) => `${call} ${how}`),
      ),
    );
    for (const [, , wall, cpu] of rows) {
      expect(Number(wall)).toBeGreaterThan(0);
      expect(Number(cpu)).toBeGreaterThanOrEqual(0);
    }
  });
});
