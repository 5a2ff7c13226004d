import { describe, expect, it } from 'vitest';
import { ProgressReporter } from './progress-reporter.ts';
import { sampleCaseResult } from './testing-results.ts';

const sink = (isTTY: boolean, columns = 80) => {
  const writes: string[] = [];
  return { writes, output: { isTTY, columns, write: (text: string) => writes.push(text) } };
};

describe('ProgressReporter', () => {
  it('writes one plain line per finished case when the output is not a terminal', () => {
    const { writes, output } = sink(false);
    const progress = new ProgressReporter({ output, total: 2 });
    progress.started('a');
    progress.finished(sampleCaseResult({ id: 'a' }));
    progress.finished(
      sampleCaseResult({
        id: 'b',
        passed: false,
        problems: [{ code: 'csp_violation', phase: 'render', message: 'x' }],
      }),
    );
    progress.close();
    expect(writes).toEqual(['[1/2] a: pass (6 s)\n', '[2/2] b: FAIL csp_violation (6 s)\n']);
  });

  it('redraws one bar line on a terminal and keeps failures above it', () => {
    const { writes, output } = sink(true);
    const progress = new ProgressReporter({ output, total: 2 });
    progress.started('a');
    progress.finished(
      sampleCaseResult({
        id: 'a',
        passed: false,
        problems: [{ code: 'no_widget', phase: 'reply', message: 'x' }],
      }),
    );
    progress.close();
    expect(writes[0]).toBe(`\r\x1b[2K[${'░'.repeat(24)}] 0/2 · a`);
    expect(writes[1]).toBe('\r\x1b[2K✗ a: no_widget\n');
    expect(writes[2]).toBe(`\r\x1b[2K[${'█'.repeat(12)}${'░'.repeat(12)}] 1/2 (1 failed)`);
    expect(writes.at(-1)).toBe('\n');
  });

  it('draws the whole bar on a terminal that reports no width', () => {
    const { writes, output } = sink(true, 0);
    const progress = new ProgressReporter({ output, total: 3 });
    progress.started('solar-system-3d');
    expect(writes[0]).toBe(`\r\x1b[2K[${'░'.repeat(24)}] 0/3 · solar-system-3d`);
  });
});
