import { caseMetricsTable } from './case-metrics-table.ts';
import type { EvalSummary } from './eval-summary.ts';

/** A share as a percentage with one decimal: `0.875` → `87.5%`. */
export function formatPercent(share: number): string {
  return `${Math.round(share * 1000) / 10}%`;
}

/**
 * What `drawbridge eval` prints when the suite is done: pass rate, time, tokens, each case's output tokens, CSS
 * before its first markup and time to that markup, failures, where the report is.
 */
export function describeEvalSummary({
  summary,
  outDirectory,
}: {
  summary: EvalSummary;
  outDirectory: string;
}): string {
  const complete = summary.cases
    .map((result) => result.seconds.widgetComplete)
    .filter((seconds): seconds is number => seconds !== null)
    .sort((first, second) => first - second);
  const median = complete.length === 0 ? '–' : `${complete[Math.floor(complete.length / 2)]} s`;
  const failures = summary.cases
    .filter((result) => !result.passed)
    .map(
      (result) =>
        `  ✗ ${result.id}\n${result.problems.map((problem) => `      ${problem.code} (${problem.phase}): ${problem.message}\n`).join('')}`,
    )
    .join('');
  return (
    `${summary.model.id}: ${summary.passed}/${summary.total} passed (${formatPercent(summary.passRate)}) in ${summary.seconds} s; ` +
    `median time to widget complete ${median}\n${describeTokens(summary)}\n${caseMetricsTable({ cases: summary.cases })}` +
    `${failures}report: ${outDirectory}/index.html\n`
  );
}

/** The suite's tokens, summed over its cases: input (and how much of it the prompt cache served), output. */
function describeTokens(summary: EvalSummary): string {
  const total = (pick: (tokens: EvalSummary['cases'][number]['tokens']) => number | null | undefined) => {
    const values = summary.cases.map((result) => pick(result.tokens) ?? null);
    return values.every((value) => value === null)
      ? '–'
      : String(values.reduce<number>((sum, value) => sum + (value ?? 0), 0));
  };
  return `tokens: input ${total((tokens) => tokens.input)} (cached ${total((tokens) => tokens.cachedInput)}), output ${total((tokens) => tokens.output)}`;
}
