import { describe, expect, it } from 'vitest';
import { caseMetricsTable } from './case-metrics-table.ts';
import { sampleCaseResult } from './testing-results.ts';

describe('caseMetricsTable', () => {
  const before = [
    sampleCaseResult({ id: 'chart', tokens: { input: 900, output: 2600 }, cssBeforeMarkup: 2061 }),
    sampleCaseResult({
      id: 'typed',
      kinds: ['render_table'],
      tokens: { input: 900, output: 120 },
      cssBeforeMarkup: null,
      seconds: { firstEvent: 0.2, firstMarkup: null, widgetComplete: 0.4, total: 2 },
    }),
  ];

  it('lists each case’s output tokens, CSS before its first markup and seconds to it, then the medians', () => {
    expect(caseMetricsTable({ cases: before })).toBe(
      'case    output tokens  css before markup  first markup s\n' +
        'chart            2600               2061             0.9\n' +
        'typed             120                  –               –\n' +
        'median           1360               2061             0.9\n',
    );
  });

  it('shows before → after against a baseline, a case new since then as – → after', () => {
    const after = [
      sampleCaseResult({
        id: 'chart',
        tokens: { input: 900, output: 1100 },
        cssBeforeMarkup: 40,
        seconds: { firstEvent: 0.4, firstMarkup: 0.3, widgetComplete: 2, total: 4 },
      }),
      sampleCaseResult({ id: 'new', tokens: { input: 10, output: 50 }, cssBeforeMarkup: 0 }),
    ];
    expect(caseMetricsTable({ cases: after, baseline: before })).toBe(
      'case    output tokens  css before markup  first markup s\n' +
        'chart     2600 → 1100          2061 → 40       0.9 → 0.3\n' +
        'new            – → 50              – → 0         – → 0.9\n' +
        'median     1360 → 575          2061 → 20       0.9 → 0.6\n',
    );
  });
});
