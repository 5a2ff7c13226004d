import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { Frame } from 'playwright-core';
import type { AccessibilityScore } from './eval-summary.ts';

let axeSource: Promise<string> | undefined;

/** axe-core's browser bundle, read once per process. */
function loadAxeSource(): Promise<string> {
  axeSource ??= readFile(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
  return axeSource;
}

/**
 * Runs axe-core in one document (a widget frame, or the host page limited to `include`). The bundle is
 * evaluated through the DevTools protocol, which the frame's CSP does not govern, so the widget's own
 * policy stays exactly as users get it. Only serious and critical violations are counted.
 */
export async function scanAccessibility({
  frame,
  include,
  exclude,
}: {
  frame: Frame;
  include?: string;
  exclude?: string;
}): Promise<AccessibilityScore> {
  await frame.evaluate(await loadAxeSource());
  const violations = await frame.evaluate(
    async ({ include: included, exclude: excluded }) => {
      const axe = (window as unknown as { axe: typeof import('axe-core') }).axe;
      const context =
        included === undefined ? document : { include: [included], exclude: excluded ? [excluded] : [] };
      const results = await axe.run(context as never, {
        resultTypes: ['violations'],
        iframes: false,
        // A widget cannot title the frame's bootstrap document; the host titles the iframe instead.
        rules: { 'document-title': { enabled: false } },
      });
      return results.violations.map((violation) => ({ id: violation.id, impact: violation.impact ?? null }));
    },
    { include, exclude },
  );
  const serious = violations.filter((violation) => violation.impact === 'serious');
  const critical = violations.filter((violation) => violation.impact === 'critical');
  return {
    serious: serious.length,
    critical: critical.length,
    rules: [...new Set([...critical, ...serious].map((violation) => violation.id))].sort(),
  };
}

/** Adds the findings of several documents of one case. */
export function combineAccessibility(scores: readonly AccessibilityScore[]): AccessibilityScore {
  return {
    serious: scores.reduce((sum, score) => sum + score.serious, 0),
    critical: scores.reduce((sum, score) => sum + score.critical, 0),
    rules: [...new Set(scores.flatMap((score) => score.rules))].sort(),
  };
}
