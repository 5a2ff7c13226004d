import type { EvalCaseResult, EvalSummary } from './eval-summary.ts';

/** One case that differs between a baseline summary and the current one. */
export interface CaseDifference {
  id: string;
  change:
    | 'fixed'
    | 'broken'
    | 'added'
    | 'removed'
    | 'problems_changed'
    | 'slower'
    | 'faster'
    | 'tokens_changed';
  detail: string;
}

/** Relative change beyond which a duration or a token count is reported. */
const noticeableShare = 0.25;
/**
 * A duration must also move by this much: a replayed case completes its widget in a tenth of a second, where
 * the machine's jitter alone is more than a quarter, and `--compare` named such cases slower or faster at random.
 */
const noticeableSeconds = 0.5;

const problemCodes = (result: EvalCaseResult) =>
  result.problems
    .map((problem) => problem.code)
    .sort()
    .join(', ');

function relativeChange(before: number | null, after: number | null): number | null {
  if (before === null || after === null || before === 0) return null;
  return (after - before) / before;
}

/** The per-case differences a team gating a change wants to read: pass/fail flips first, then problems, time and tokens. */
export function compareSummaries({
  baseline,
  current,
}: {
  baseline: Pick<EvalSummary, 'cases'>;
  current: Pick<EvalSummary, 'cases'>;
}): CaseDifference[] {
  const before = new Map(baseline.cases.map((result) => [result.id, result]));
  const after = new Map(current.cases.map((result) => [result.id, result]));
  const differences: CaseDifference[] = [];
  for (const result of current.cases) {
    const old = before.get(result.id);
    if (old === undefined) {
      differences.push({
        id: result.id,
        change: 'added',
        detail: result.passed ? 'passes' : `fails: ${problemCodes(result)}`,
      });
      continue;
    }
    if (old.passed && !result.passed) {
      differences.push({ id: result.id, change: 'broken', detail: `now fails: ${problemCodes(result)}` });
    } else if (!old.passed && result.passed) {
      differences.push({
        id: result.id,
        change: 'fixed',
        detail: `no longer fails (was: ${problemCodes(old)})`,
      });
    } else if (problemCodes(old) !== problemCodes(result)) {
      differences.push({
        id: result.id,
        change: 'problems_changed',
        detail: `problems were [${problemCodes(old)}], now [${problemCodes(result)}]`,
      });
    }
    const time = relativeChange(old.seconds.widgetComplete, result.seconds.widgetComplete);
    const seconds = Math.abs((result.seconds.widgetComplete ?? 0) - (old.seconds.widgetComplete ?? 0));
    if (time !== null && Math.abs(time) > noticeableShare && seconds >= noticeableSeconds) {
      differences.push({
        id: result.id,
        change: time > 0 ? 'slower' : 'faster',
        detail: `widget complete ${old.seconds.widgetComplete} s → ${result.seconds.widgetComplete} s`,
      });
    }
    const tokens = relativeChange(old.tokens.output, result.tokens.output);
    if (tokens !== null && Math.abs(tokens) > noticeableShare) {
      differences.push({
        id: result.id,
        change: 'tokens_changed',
        detail: `output tokens ${old.tokens.output} → ${result.tokens.output}`,
      });
    }
  }
  for (const old of baseline.cases) {
    if (!after.has(old.id)) differences.push({ id: old.id, change: 'removed', detail: 'not in this run' });
  }
  return differences;
}
