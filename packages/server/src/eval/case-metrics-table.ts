import type { EvalCaseResult } from './eval-summary.ts';

type Metric = (result: EvalCaseResult) => number | null;

const metrics: Array<{ title: string; value: Metric }> = [
  { title: 'output tokens', value: (result) => result.tokens.output },
  { title: 'css before markup', value: (result) => result.cssBeforeMarkup ?? null },
  { title: 'first markup s', value: (result) => result.seconds.firstMarkup ?? null },
];

function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((first, second) => first - second);
  const middle = Math.floor(sorted.length / 2);
  const value = sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
  return Math.round(value * 1000) / 1000;
}

const written = (value: number | null | undefined) =>
  value === null || value === undefined ? '–' : String(value);

/**
 * The per-case figures that say what a user waits for: output tokens, the CSS characters streamed before the
 * first markup, and the seconds to that first markup, with their medians. Given a baseline (`--compare`), each
 * cell reads `before → after`, so a team can measure a change (the kit, a prompt, a model) on its own model.
 */
export function caseMetricsTable({
  cases,
  baseline,
}: {
  cases: readonly EvalCaseResult[];
  baseline?: readonly EvalCaseResult[];
}): string {
  const before = new Map(baseline?.map((result) => [result.id, result]));
  const cell = (metric: Metric, result: EvalCaseResult) => {
    const now = written(metric(result));
    if (baseline === undefined) return now;
    const old = before.get(result.id);
    return `${written(old === undefined ? null : metric(old))} → ${now}`;
  };
  const medianCell = (metric: Metric) => {
    const of = (results: readonly EvalCaseResult[]) =>
      written(median(results.map(metric).filter((value): value is number => value !== null)));
    return baseline === undefined ? of(cases) : `${of(baseline)} → ${of(cases)}`;
  };
  const rows = [
    ['case', ...metrics.map((metric) => metric.title)],
    ...cases.map((result) => [result.id, ...metrics.map((metric) => cell(metric.value, result))]),
    ['median', ...metrics.map((metric) => medianCell(metric.value))],
  ];
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  return rows
    .map((row) =>
      row
        .map((text, column) => (column === 0 ? text.padEnd(widths[0]!) : text.padStart(widths[column]!)))
        .join('  '),
    )
    .map((line) => `${line.trimEnd()}\n`)
    .join('');
}
