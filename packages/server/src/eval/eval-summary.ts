import type { EvalProblem } from './eval-problem.ts';

/** Accessibility findings from axe-core: counts of serious and critical violations and the rules behind them. */
export interface AccessibilityScore {
  serious: number;
  critical: number;
  rules: string[];
}

/** How the widget reads in the dark theme (see docs/eval.md for the measurement). */
export interface DarkThemeScore {
  /** Text elements measured; 0 when the widget draws only on canvas. */
  textElements: number;
  /** Share of text elements that sit on a light surface although the theme is dark. */
  lightSurfaceShare: number;
  /** Share of text elements whose contrast with their surface is under 3:1. */
  lowContrastShare: number;
  follows: boolean;
}

export interface SizeScore {
  width: number;
  height: number;
  /** Content wider than the widget (a horizontal scrollbar or clipped content). */
  overflowsHorizontally: boolean;
}

export interface EvalScores {
  accessibility?: AccessibilityScore;
  size?: SizeScore;
  darkTheme?: DarkThemeScore;
  /** Pokes (typing, clicks, slider moves, drags) performed, and those the page did not allow (covered, gone). */
  interaction?: { actions: number; skipped: number };
}

/** What one case produced, as written to `summary.json`. */
export interface EvalCaseResult {
  id: string;
  prompt: string;
  passed: boolean;
  problems: EvalProblem[];
  /** `widget` (a generated block), `render_table`… (typed tool calls), `a2ui` (a drawn A2UI surface), or nothing. */
  kinds: string[];
  scores: EvalScores;
  /**
   * Summed over the case's runs; `cachedInput` is the part of `input` read from the provider's prompt cache
   * (absent from summaries written before it was counted).
   */
  tokens: { input: number | null; cachedInput?: number | null; output: number | null };
  /**
   * CSS characters the case's first generated widget streamed before its first markup; `null` when it drew no
   * generated widget (absent from summaries written before it was counted).
   */
  cssBeforeMarkup?: number | null;
  /**
   * From sending the first message to the model's first output; from sending the message of the first turn
   * that draws a generated widget to that widget's first markup (absent from older summaries); from sending the
   * last to its last widget complete (`@@END@@` or tool call).
   */
  seconds: {
    firstEvent: number | null;
    firstMarkup?: number | null;
    widgetComplete: number | null;
    total: number;
  };
  /** The case's picture (light left, dark right), relative to the summary. */
  screenshot: string | null;
}

export interface EvalSummary {
  model: { id: string; demo: boolean };
  suite: string;
  startedAt: string;
  seconds: number;
  passRate: number;
  passed: number;
  total: number;
  cases: EvalCaseResult[];
}

/** The share of passed cases, 0 for an empty suite. */
export function passRateOf(cases: readonly EvalCaseResult[]): number {
  if (cases.length === 0) return 0;
  return cases.filter((result) => result.passed).length / cases.length;
}
