import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { Frame, Page } from 'playwright-core';

/** One rule broken on one document, with where (the frame's URL) and the offending elements. */
export interface AccessibilityViolation {
  rule: string;
  impact: string;
  document: string;
  help: string;
  targets: string[];
}

interface AxeResult {
  violations: {
    id: string;
    impact: string | null;
    help: string;
    nodes: { target: unknown[]; failureSummary?: string }[];
  }[];
}

let axeSource: Promise<string> | undefined;

function readAxeSource(): Promise<string> {
  axeSource ??= readFile(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
  return axeSource;
}

/**
 * A widget frame's document is transparent over the card the page draws behind it, which axe cannot see
 * (it takes white): for the audit, its root gets the colour actually painted behind the iframe.
 */
async function paintBackdrop(frame: Frame): Promise<void> {
  const element = await frame.frameElement();
  const backdrop = await element.evaluate((iframe) => {
    for (let node: Element | null = iframe as Element; node !== null; node = node.parentElement) {
      const colour = getComputedStyle(node).backgroundColor;
      if (colour !== 'transparent' && colour !== 'rgba(0, 0, 0, 0)') return colour;
    }
    return 'rgb(255, 255, 255)';
  });
  await frame.evaluate((colour) => {
    if (getComputedStyle(document.documentElement).backgroundColor === 'rgba(0, 0, 0, 0)') {
      document.documentElement.style.backgroundColor = colour;
    }
  }, backdrop);
}

async function auditDocument(frame: Frame): Promise<AccessibilityViolation[]> {
  if (frame.parentFrame() !== null) await paintBackdrop(frame);
  // Evaluated rather than added as a <script>: the page and every frame run under a CSP with no inline
  // scripts, and an evaluated script is not subject to it.
  await frame.evaluate(await readAxeSource());
  const result = (await frame.evaluate(() =>
    // Each frame is audited on its own (the frames are sandboxed, opaque origins axe cannot reach into).
    (window as unknown as { axe: { run(context: Document, options: object): Promise<unknown> } }).axe.run(
      document,
      { iframes: false, resultTypes: ['violations'] },
    ),
  )) as AxeResult;
  return result.violations.map((violation) => ({
    rule: violation.id,
    impact: violation.impact ?? 'unknown',
    document: frame.url(),
    help: violation.help,
    targets: violation.nodes.map(
      (node) => `${JSON.stringify(node.target)}${node.failureSummary ? ` — ${node.failureSummary}` : ''}`,
    ),
  }));
}

async function runsScripts(frame: Frame): Promise<boolean> {
  const element = frame.parentFrame() === null ? null : await frame.frameElement();
  const sandbox = element === null ? null : await element.getAttribute('sandbox');
  return sandbox === null || sandbox.split(/\s+/).includes('allow-scripts');
}

/**
 * Runs axe-core on the page and on every frame in it (widgets, the image frame), and returns the serious
 * and critical violations: the ones that stop someone using the page with a screen reader or keyboard.
 */
export async function seriousAccessibilityViolations(page: Page): Promise<AccessibilityViolation[]> {
  return (await accessibilityViolations(page)).filter(
    (violation) => violation.impact === 'serious' || violation.impact === 'critical',
  );
}

/** Every violation axe-core finds on the page and its frames, of any impact (heading order is "moderate"). */
export async function accessibilityViolations(page: Page): Promise<AccessibilityViolation[]> {
  const violations: AccessibilityViolation[] = [];
  for (const frame of page.frames()) {
    if (frame.isDetached() || frame.url() === 'about:blank') continue;
    if (await runsScripts(frame)) {
      violations.push(...(await auditDocument(frame)));
      continue;
    }
    // A document sandboxed without scripts (the image frame, whose CSP says `sandbox` too) runs no script,
    // not even axe: it is audited alone, in a context that ignores its CSP, in the page's colour scheme.
    const colorScheme = await page.evaluate(() =>
      matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light',
    );
    const context = await page.context().browser()!.newContext({ bypassCSP: true, colorScheme });
    try {
      const alone = await context.newPage();
      await alone.goto(frame.url());
      violations.push(...(await auditDocument(alone.mainFrame())));
    } finally {
      await context.close();
    }
  }
  return violations;
}
