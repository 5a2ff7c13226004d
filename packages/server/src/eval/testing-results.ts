import type { EvalCaseResult } from './eval-summary.ts';

/** A passing case result with every field filled, for tests to override. */
export function sampleCaseResult(overrides: Partial<EvalCaseResult> = {}): EvalCaseResult {
  return {
    id: 'case',
    prompt: 'Draw a chart',
    passed: true,
    problems: [],
    kinds: ['widget'],
    scores: {
      accessibility: { serious: 0, critical: 0, rules: [] },
      size: { width: 680, height: 320, overflowsHorizontally: false },
      darkTheme: { textElements: 10, lightSurfaceShare: 0, lowContrastShare: 0, follows: true },
      interaction: { actions: 3, skipped: 0 },
    },
    tokens: { input: 1000, output: 800 },
    cssBeforeMarkup: 900,
    seconds: { firstEvent: 0.4, firstMarkup: 0.9, widgetComplete: 4, total: 6 },
    screenshot: 'case.png',
    ...overrides,
  };
}
