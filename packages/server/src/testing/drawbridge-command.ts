import { fileURLToPath } from 'node:url';

const binary = fileURLToPath(new URL('../../bin/drawbridge.mjs', import.meta.url));

/**
 * Node's arguments for `drawbridge <args>` run from the sources, as the tests start it: the `drawbridge-source`
 * condition makes the bin load src/ whatever environment the test runner was started with, so no build is
 * needed and none can be stale. (The built bin is tested from a packed tarball: e2e/packed-packages.test.ts.)
 */
export function drawbridgeCommand(args: readonly string[]): string[] {
  return ['--conditions=drawbridge-source', binary, ...args];
}
