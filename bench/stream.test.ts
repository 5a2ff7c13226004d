import { readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { describe, expect, it } from 'vitest';
import { runBench } from './support/run-bench.ts';

/** The bench's rows as `{ what, runs, events, p50 }`, read from its table. */
function rowsOf(output: string) {
  return output
    .split('\n')
    .filter((line) => /^(floor|sdk|app)\s*\|/.test(line))
    .map((line) => {
      const [what, runs, events, , p50] = line.split('|').map((cell) => cell.trim());
      return { what, runs: Number(runs), events: Number(events), p50: Number(p50) };
    });
}

// Benches run by hand rot unseen: this runs the one the throughput goal is measured with, tiny, and checks
// that every row streamed every piece of every run through its server.
describe('bench/stream.ts', () => {
  it('streams every piece of every run in each row', { timeout: 60_000 }, async () => {
    const stdout = await runBench('stream', ['--runs', '3', '--pieces', '4', '--interval-ms', '5']);
    const rows = rowsOf(stdout);
    expect(rows.map((row) => row.what)).toEqual(['floor', 'sdk', 'app']);
    // Per run: RUN_STARTED, drawbridge.run, TEXT_MESSAGE_START, the pieces, TEXT_MESSAGE_END, the final event;
    // the app adds drawbridge.reply.
    expect(rows.map((row) => row.events)).toEqual([3 * 9, 3 * 9, 3 * 10]);
    // The bench prints its times; what they are is for a reader on a quiet machine, not for this test.
    for (const row of rows) expect(Number.isFinite(row.p50)).toBe(true);
    expect(stdout).toMatch(/an unloaded run lasts [\d.]+ s through the app/);
    expect(stdout).toMatch(
      /^goal: app, 3 runs: [\d.]+ s = [\d.]+× an unloaded run .*; the floor took [\d.]+× \(app\/floor [\d.]+×\)$/m,
    );
  });

  it('takes turns round after round with --repeat, and adds the medians', { timeout: 60_000 }, async () => {
    const stdout = await runBench('stream', [
      '--runs',
      '2',
      '--pieces',
      '2',
      '--interval-ms',
      '5',
      '--repeat',
      '2',
    ]);
    const [rounds = '', medians = ''] = stdout.split('median of 2 rounds of 2 runs:');
    expect(rowsOf(rounds).map((row) => row.what)).toEqual(['floor', 'sdk', 'app', 'floor', 'sdk', 'app']);
    expect(rowsOf(medians).map((row) => [row.what, row.events])).toEqual([
      ['floor', 2 * 7],
      ['sdk', 2 * 7],
      ['app', 2 * 8],
    ]);
  });

  it('keeps the app store in a SQLite file with --sqlite-file, and removes it after', {
    timeout: 60_000,
  }, async () => {
    const folders = () => readdirSync(tmpdir()).filter((name) => name.startsWith('drawbridge-bench-'));
    const before = folders();
    const stdout = await runBench('stream', [
      '--runs',
      '2',
      '--pieces',
      '3',
      '--interval-ms',
      '5',
      '--sqlite-file',
    ]);
    expect(stdout).toContain("the app's store in a SQLite file");
    expect(rowsOf(stdout).map((row) => [row.what, row.events])).toEqual([
      ['floor', 2 * 8],
      ['sdk', 2 * 8],
      ['app', 2 * 9],
    ]);
    // The child removes its folder as it exits, which the bench waits for only by its signal: poll briefly.
    await expect.poll(folders, { timeout: 5_000 }).toEqual(before);
  });
});
