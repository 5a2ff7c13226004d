import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parse as parseYaml } from 'yaml';
import { z } from 'zod';

/** One check as the conformance CLI writes it to `<output>/server-<scenario>-<time>/checks.json`. */
const conformanceCheckSchema = z.object({
  id: z.string(),
  status: z.enum(['SUCCESS', 'FAILURE', 'WARNING', 'INFO', 'SKIPPED']),
  errorMessage: z.string().optional(),
});

export type ConformanceCheck = z.infer<typeof conformanceCheckSchema>;

export interface ConformanceScenarioResult {
  scenario: string;
  checks: ConformanceCheck[];
}

/**
 * The baseline file. `server` is the list the CLI's `--expected-failures` reads: every scenario that does not
 * pass. `stops-before-first-check` (ignored by the CLI) names those of them that cannot run at all against a
 * stateless server: they end in a warning before any check, which the CLI counts as a failure.
 */
const conformanceBaselineSchema = z.object({
  server: z.array(z.string()),
  'stops-before-first-check': z.array(z.string()).default([]),
});

export type ConformanceBaseline = z.infer<typeof conformanceBaselineSchema>;

export async function readConformanceBaseline(path: string): Promise<ConformanceBaseline> {
  return conformanceBaselineSchema.parse(parseYaml(await readFile(path, 'utf8')));
}

/** `server-<scenario>-2026-12-04T23-59-26-088Z`, the directory name the CLI gives each scenario's results. */
const resultDirectoryName = /^server-(?<scenario>.+)-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z$/;

/** Reads every scenario's `checks.json` from the CLI's `-o` directory. */
export async function readConformanceResults(outputDirectory: string): Promise<ConformanceScenarioResult[]> {
  const results: ConformanceScenarioResult[] = [];
  for (const entry of await readdir(outputDirectory, { withFileTypes: true })) {
    const scenario = entry.isDirectory() ? resultDirectoryName.exec(entry.name)?.groups?.scenario : undefined;
    if (scenario === undefined) continue;
    const checks = JSON.parse(await readFile(join(outputDirectory, entry.name, 'checks.json'), 'utf8'));
    results.push({ scenario, checks: z.array(conformanceCheckSchema).parse(checks) });
  }
  return results;
}

const baselineFile = 'conformance-expected-failures.yml';

function countChecks(checks: ConformanceCheck[]) {
  const count = (status: ConformanceCheck['status']) =>
    checks.filter((check) => check.status === status).length;
  return { passed: count('SUCCESS'), failed: count('FAILURE'), warnings: count('WARNING') };
}

/**
 * Compares a run with the baseline, stricter than the CLI: the CLI counts a scenario that ran no check as
 * passed, and one that ended in a warning as failed. Here an unlisted scenario must pass at least one check
 * and fail or warn on none; a listed one must fail at least one check, unless it is listed as stopping before
 * its first check, in which case it must still run none. Returns one sentence per problem, empty when the
 * run matches the baseline.
 */
export function judgeConformanceBaseline({
  results,
  baseline,
}: {
  results: ConformanceScenarioResult[];
  baseline: ConformanceBaseline;
}): string[] {
  const expectedFailures = new Set(baseline.server);
  const stopsBeforeFirstCheck = new Set(baseline['stops-before-first-check']);
  const problems: string[] = [];
  const ran = new Set(results.map((result) => result.scenario));
  for (const scenario of new Set([...expectedFailures, ...stopsBeforeFirstCheck])) {
    if (!ran.has(scenario)) {
      problems.push(
        `${scenario} is listed in ${baselineFile} but the suite did not run it: remove it from the list.`,
      );
    }
  }
  for (const scenario of stopsBeforeFirstCheck) {
    if (!expectedFailures.has(scenario)) {
      problems.push(
        `${scenario} is listed under stops-before-first-check but not under server in ${baselineFile}: the CLI counts its warning as a failure, so list it under both.`,
      );
    }
  }
  for (const { scenario, checks } of results) {
    const { passed, failed, warnings } = countChecks(checks);
    const tally = `${passed} passed, ${failed} failed, ${warnings} warnings`;
    if (stopsBeforeFirstCheck.has(scenario)) {
      if (passed > 0 || failed > 0 || warnings === 0) {
        problems.push(
          `${scenario} is listed under stops-before-first-check in ${baselineFile} but now runs (${tally}): remove it from stops-before-first-check, and from server too if it passes.`,
        );
      }
    } else if (expectedFailures.has(scenario)) {
      if (failed === 0 && passed > 0) {
        problems.push(
          `${scenario} is listed as an expected failure in ${baselineFile} but passed (${tally}): remove it from the list.`,
        );
      } else if (failed === 0) {
        problems.push(
          `${scenario} is listed as an expected failure in ${baselineFile} but ran no check (${tally}): remove it from the list, or, if it cannot run against a stateless server, list it under stops-before-first-check too.`,
        );
      }
    } else if (passed === 0 || failed > 0 || warnings > 0) {
      const details = checks
        .filter((check) => check.status === 'FAILURE' || check.status === 'WARNING')
        .map((check) => `${check.id}: ${check.errorMessage ?? check.status}`);
      const outcome = passed === 0 && failed === 0 && warnings === 0 ? 'ran no check' : 'did not pass';
      problems.push(
        `${scenario} ${outcome} (${tally}${details.length > 0 ? `; ${details.join('; ')}` : ''}).`,
      );
    }
  }
  return problems;
}
