import { describe, expect, it } from 'vitest';
import { runBench } from './support/run-bench.ts';

// Run in the unit suite so the bench cannot rot unseen: a row per demo edit, each a patch carried as a patch.
describe('bench/edit-bytes.ts', () => {
  it('prints each demo edit with its bytes, the edit text on the wire no larger than the patch', {
    timeout: 60_000,
  }, async () => {
    const stdout = await runBench('edit-bytes', []);
    const rows = stdout
      .split('\n')
      .filter((line) => / on /.test(line) && !line.startsWith('edit bytes'))
      .map((line) => line.split(/ {2,}/).map((cell) => cell.trim()));
    expect(rows.length).toBeGreaterThanOrEqual(5);
    for (const [, widget, patch, wire, , , text] of rows) {
      expect(Number(patch)).toBeGreaterThan(0);
      // Bytes, not time: the edit's text costs about the patch, never the widget again.
      expect(Number(text)).toBeLessThanOrEqual(Number(patch) * 1.5);
      expect(Number(wire)).toBeLessThan(Number(widget));
    }
    expect(stdout).toMatch(/edit bytes over \d+ edits: wire\/patch/);
  });
});
