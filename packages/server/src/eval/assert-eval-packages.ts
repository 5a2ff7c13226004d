import { createRequire } from 'node:module';
import { EvalSetupError } from './eval-setup-error.ts';

/**
 * What only `drawbridge eval` loads: the browser driver and the accessibility scanner. They are optional peer
 * dependencies of the server, so a team that embeds Drawbridge and never runs the eval installs neither.
 */
export const evalPackages = ['playwright-core', 'axe-core'] as const;

const resolveFromHere = createRequire(import.meta.url).resolve;

/** Throws `eval_packages_missing`, naming the install command, when one of `evalPackages` cannot be found. */
export function assertEvalPackages({
  resolve = resolveFromHere,
}: {
  /** How a package is looked up (a test hands its own); default from this module, as the eval imports it. */
  resolve?: (specifier: string) => string;
} = {}): void {
  const missing = evalPackages.filter((name) => {
    try {
      resolve(`${name}/package.json`);
      return false;
    } catch {
      // Not installed: the eval cannot run, which the error below says with the command that fixes it.
      return true;
    }
  });
  if (missing.length === 0) return;
  throw new EvalSetupError({
    code: 'eval_packages_missing',
    message: `drawbridge eval needs ${missing.join(' and ')}, optional packages of @drawbridge/server that are not installed: npm install ${missing.join(' ')}`,
  });
}
