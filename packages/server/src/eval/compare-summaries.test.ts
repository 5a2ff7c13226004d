import { describe, expect, it } from 'vitest';
import { compareSummaries } from './compare-summaries.ts';
import { sampleCaseResult } from './testing-results.ts';

const failing = (id: string, code: 'script_error' | 'csp_violation') =>
  sampleCaseResult({ id, passed: false, problems: [{ code, phase: 'render', message: 'x' }] });

describe('compareSummaries', () => {
  it('reports nothing for identical runs', () => {
    const cases = [sampleCaseResult({ id: 'a' }), failing('b', 'script_error')];
    expect(compareSummaries({ baseline: { cases }, current: { cases } })).toEqual([]);
  });

  it('names fixed, broken, changed, added and removed cases', () => {
    const baseline = {
      cases: [
        sampleCaseResult({ id: 'fixed-now' }),
        failing('was-failing', 'script_error'),
        failing('other-problem', 'script_error'),
        sampleCaseResult({ id: 'gone' }),
      ],
    };
    baseline.cases[0] = failing('fixed-now', 'csp_violation');
    const current = {
      cases: [
        sampleCaseResult({ id: 'fixed-now' }),
        failing('was-failing', 'script_error'),
        failing('other-problem', 'csp_violation'),
        failing('new-case', 'script_error'),
      ],
    };
    expect(compareSummaries({ baseline, current })).toEqual([
      { id: 'fixed-now', change: 'fixed', detail: 'no longer fails (was: csp_violation)' },
      {
        id: 'other-problem',
        change: 'problems_changed',
        detail: 'problems were [script_error], now [csp_violation]',
      },
      { id: 'new-case', change: 'added', detail: 'fails: script_error' },
      { id: 'gone', change: 'removed', detail: 'not in this run' },
    ]);
  });

  it('reports a pass that broke, and time or tokens that moved by more than a quarter', () => {
    const baseline = { cases: [sampleCaseResult({ id: 'a' }), sampleCaseResult({ id: 'b' })] };
    const current = {
      cases: [
        failing('a', 'script_error'),
        sampleCaseResult({
          id: 'b',
          seconds: { firstEvent: 0.4, widgetComplete: 2, total: 3 },
          tokens: { input: 1000, output: 1200 },
        }),
      ],
    };
    expect(compareSummaries({ baseline, current })).toEqual([
      { id: 'a', change: 'broken', detail: 'now fails: script_error' },
      { id: 'b', change: 'faster', detail: 'widget complete 4 s → 2 s' },
      { id: 'b', change: 'tokens_changed', detail: 'output tokens 800 → 1200' },
    ]);
  });

  it('leaves out a time that moved by more than a quarter but less than half a second', () => {
    const timed = (id: string, widgetComplete: number) =>
      sampleCaseResult({ id, seconds: { firstEvent: 0.05, widgetComplete, total: widgetComplete + 0.1 } });
    const baseline = { cases: [timed('replayed', 0.12), timed('real', 2)] };
    const current = { cases: [timed('replayed', 0.31), timed('real', 2.6)] };
    expect(compareSummaries({ baseline, current })).toEqual([
      { id: 'real', change: 'slower', detail: 'widget complete 2 s → 2.6 s' },
    ]);
  });
});
