import { describe, expect, it } from 'vitest';
import { describeEvalSummary } from './describe-eval-summary.ts';
import type { EvalSummary } from './eval-summary.ts';
import { sampleCaseResult } from './testing-results.ts';

function summaryOf(cases: EvalSummary['cases']): EvalSummary {
  return {
    model: { id: 'anthropic:claude-sonnet-4-5', demo: false },
    suite: 'built-in',
    startedAt: '2026-12-05T00:00:00.000Z',
    seconds: 12,
    passRate: cases.filter((result) => result.passed).length / cases.length,
    passed: cases.filter((result) => result.passed).length,
    total: cases.length,
    cases,
  };
}

describe('describeEvalSummary', () => {
  it('sums input, cached input and output tokens over the cases', () => {
    const text = describeEvalSummary({
      summary: summaryOf([
        sampleCaseResult({ id: 'a', tokens: { input: 1000, cachedInput: 600, output: 800 } }),
        sampleCaseResult({ id: 'b', tokens: { input: 500, cachedInput: null, output: 200 } }),
      ]),
      outDirectory: 'eval-out',
    });
    expect(text).toBe(
      'anthropic:claude-sonnet-4-5: 2/2 passed (100%) in 12 s; median time to widget complete 4 s\n' +
        'tokens: input 1500 (cached 600), output 1000\n' +
        'case    output tokens  css before markup  first markup s\n' +
        'a                 800                900             0.9\n' +
        'b                 200                900             0.9\n' +
        'median            500                900             0.9\n' +
        'report: eval-out/index.html\n',
    );
  });

  it('says the cached figure is unknown when no case reported one (a summary from before it was counted)', () => {
    const text = describeEvalSummary({
      summary: summaryOf([sampleCaseResult({ tokens: { input: 10, output: 5 } })]),
      outDirectory: 'out',
    });
    expect(text).toContain('tokens: input 10 (cached –), output 5\n');
  });
});
