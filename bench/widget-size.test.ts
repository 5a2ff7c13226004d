import { describe, expect, it } from 'vitest';
import { runBench } from './support/run-bench.ts';

// Run in the unit suite so the bench cannot rot unseen: a row per generated demo widget, then the medians.
describe('bench/widget-size.ts', () => {
  it('prints the characters, CSS before the first markup and tokens of each demo widget, and their medians', {
    timeout: 60_000,
  }, async () => {
    const stdout = await runBench('widget-size', []);
    const rows = stdout
      .split('\n')
      .filter((line) => line.includes(' | ') && !line.startsWith('widget '))
      .map((line) => line.split('|').map((cell) => cell.trim()));
    expect(rows.length).toBeGreaterThanOrEqual(10);
    expect(rows.at(-1)?.[0]).toBe('median');
    for (const [, reply, css, html, js, tokens] of rows) {
      expect(Number(reply)).toBeGreaterThan(Number(css) + Number(html));
      expect(Number(html)).toBeGreaterThan(0);
      expect(Number(js)).toBeGreaterThan(0);
      expect(Number(tokens)).toBeGreaterThan(0);
    }
  });
});
