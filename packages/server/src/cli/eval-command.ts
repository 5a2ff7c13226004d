import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { caseMetricsTable } from '../eval/case-metrics-table.ts';
import { compareSummaries } from '../eval/compare-summaries.ts';
import { describeEvalSummary, formatPercent } from '../eval/describe-eval-summary.ts';
import { EvalInterruptedError } from '../eval/eval-interrupted-error.ts';
import { EvalSetupError } from '../eval/eval-setup-error.ts';
import { EvalSuiteError } from '../eval/eval-suite-error.ts';
import type { EvalSummary } from '../eval/eval-summary.ts';
import { builtInSuitePath, loadEvalSuite } from '../eval/load-eval-suite.ts';
import { type ProgressOutput, ProgressReporter } from '../eval/progress-reporter.ts';
import { defaultRenderTimeoutMs, runEval } from '../eval/run-eval.ts';
import type { ServedModel } from '../http/create-app.ts';
import { ModelConfigError } from '../models/index.ts';
import { SkillFileError } from '../skills/skill-file-error.ts';
import { type Environment, readCommandConfig } from './read-command-config.ts';

const usage = `usage: drawbridge eval [--suite <file.jsonl>] [--out <dir>] [--concurrency N] [--min-pass <0..1>]
                      [--compare <summary.json>] [--render-timeout <seconds>]
  Scores the model DRAWBRIDGE_MODEL configures on real widgets in headless Chromium (see docs/eval.md).
  --suite        JSONL, one {"id","prompt","followUps"?} a line (default: the built-in suite)
  --out          folder for summary.json, index.html and one PNG per case (default: drawbridge-eval)
  --concurrency  cases at once (default 2)
  --min-pass     exit 1 when the pass rate is below this share (default 0)
  --render-timeout  seconds a widget may take to run its script before it counts as not rendered (default 60)
  --compare      a previous summary.json: print the per-case differences`;

/** What `evalCommand` takes from the process (its environment), and what tests may replace. */
export interface EvalCommandDependencies {
  /** Where its settings come from: the model and its keys, skills, timeouts, `CHROMIUM_PATH`. */
  environment: Environment;
  model?: ServedModel;
  output?: { write(text: string): unknown };
  errorOutput?: ProgressOutput;
  directory?: string;
}

interface EvalFlags {
  suite: string | undefined;
  out: string;
  concurrency: number;
  minPass: number;
  compare: string | undefined;
  renderTimeoutSeconds: number;
}

/** `Number('')` is 0: an empty value (`--min-pass "$UNSET"` in CI) must be refused, never read as 0. */
const numberFlag = (value: string | boolean | undefined): number =>
  typeof value === 'string' && value.trim() !== '' ? Number(value) : Number.NaN;

type FlagsOutcome = { ok: true; flags: EvalFlags } | { ok: false; message: string } | { ok: 'help' };

function readFlags(args: string[]): FlagsOutcome {
  let values: Record<string, string | boolean | undefined>;
  try {
    ({ values } = parseArgs({
      args,
      strict: true,
      allowPositionals: false,
      options: {
        suite: { type: 'string' },
        out: { type: 'string', default: 'drawbridge-eval' },
        concurrency: { type: 'string', default: '2' },
        'min-pass': { type: 'string', default: '0' },
        compare: { type: 'string' },
        'render-timeout': { type: 'string', default: String(defaultRenderTimeoutMs / 1000) },
        help: { type: 'boolean', default: false },
      },
    }));
  } catch (error) {
    return { ok: false, message: error instanceof Error ? error.message : String(error) };
  }
  if (values.help) return { ok: 'help' };
  const concurrency = numberFlag(values.concurrency);
  if (!Number.isInteger(concurrency) || concurrency < 1 || concurrency > 16) {
    return {
      ok: false,
      message: `--concurrency must be a whole number from 1 to 16 (got "${values.concurrency}")`,
    };
  }
  const minPass = numberFlag(values['min-pass']);
  if (!Number.isFinite(minPass) || minPass < 0 || minPass > 1) {
    return {
      ok: false,
      message: `--min-pass must be a share from 0 to 1, e.g. 0.9 (got "${values['min-pass']}")`,
    };
  }
  const renderTimeoutSeconds = numberFlag(values['render-timeout']);
  if (!Number.isFinite(renderTimeoutSeconds) || renderTimeoutSeconds <= 0 || renderTimeoutSeconds > 600) {
    return {
      ok: false,
      message: `--render-timeout must be a number of seconds from 1 to 600 (got "${values['render-timeout']}")`,
    };
  }
  return {
    ok: true,
    flags: {
      renderTimeoutSeconds,
      suite: values.suite as string | undefined,
      out: values.out as string,
      concurrency,
      minPass,
      compare: values.compare as string | undefined,
    },
  };
}

/** `drawbridge eval`: runs a suite through the real app and Chromium; exit 1 under `--min-pass`, 2 for bad flags. */
export async function evalCommand(args: string[], dependencies: EvalCommandDependencies): Promise<number> {
  const output = dependencies.output ?? process.stdout;
  const errorOutput = dependencies.errorOutput ?? process.stderr;
  const outcome = readFlags(args);
  if (outcome.ok === 'help') {
    output.write(`${usage}\n`);
    return 0;
  }
  if (!outcome.ok) {
    errorOutput.write(`${outcome.message}\n${usage}\n`);
    return 2;
  }
  const { flags } = outcome;
  const config = readCommandConfig({ environment: dependencies.environment, errorOutput });
  if (config === undefined) return 1;
  const directory = dependencies.directory ?? process.cwd();
  const interruption = new AbortController();
  const interrupt = () => interruption.abort();
  process.once('SIGINT', interrupt);
  process.once('SIGTERM', interrupt);
  try {
    const suitePath = flags.suite === undefined ? builtInSuitePath : resolve(directory, flags.suite);
    const cases = await loadEvalSuite({ path: suitePath });
    const baseline =
      flags.compare === undefined ? undefined : await readSummary(resolve(directory, flags.compare));
    const outDirectory = resolve(directory, flags.out);
    const progress = new ProgressReporter({ output: errorOutput, total: cases.length });
    const summary = await runEval({
      cases,
      suiteName: flags.suite ?? 'built-in',
      outDirectory,
      concurrency: flags.concurrency,
      renderTimeoutMs: flags.renderTimeoutSeconds * 1000,
      abortSignal: interruption.signal,
      config,
      ...(dependencies.model === undefined ? {} : { model: dependencies.model }),
      onCaseStarted: (evalCase) => progress.started(evalCase.id),
      onCaseFinished: (result) => progress.finished(result),
    });
    progress.close();
    output.write(describeEvalSummary({ summary, outDirectory }));
    if (baseline !== undefined) {
      const differences = compareSummaries({ baseline, current: summary });
      output.write(
        differences.length === 0
          ? `compared with ${flags.compare}: no differences\n`
          : `compared with ${flags.compare}:\n${differences.map((difference) => `  ${difference.id}: ${difference.change}: ${difference.detail}\n`).join('')}`,
      );
      output.write(caseMetricsTable({ cases: summary.cases, baseline: baseline.cases }));
    }
    if (summary.passRate < flags.minPass) {
      errorOutput.write(
        `pass rate ${formatPercent(summary.passRate)} is below --min-pass ${formatPercent(flags.minPass)}\n`,
      );
      return 1;
    }
    return 0;
  } catch (error) {
    if (EvalInterruptedError.isInstance(error)) {
      errorOutput.write(`\n${error.message}\n`);
      return 130;
    }
    if (
      EvalSuiteError.isInstance(error) ||
      EvalSetupError.isInstance(error) ||
      ModelConfigError.isInstance(error) ||
      SkillFileError.isInstance(error)
    ) {
      errorOutput.write(`${error.message}\n`);
      return 1;
    }
    throw error;
  } finally {
    process.off('SIGINT', interrupt);
    process.off('SIGTERM', interrupt);
  }
}

async function readSummary(path: string): Promise<Pick<EvalSummary, 'cases'>> {
  let value: unknown;
  try {
    value = JSON.parse(await readFile(path, 'utf8'));
  } catch {
    throw new EvalSuiteError({ file: path, reason: 'cannot read it as a summary.json' });
  }
  if (typeof value !== 'object' || value === null || !Array.isArray((value as { cases?: unknown }).cases)) {
    throw new EvalSuiteError({ file: path, reason: 'not a summary.json (no "cases" list)' });
  }
  return value as Pick<EvalSummary, 'cases'>;
}
