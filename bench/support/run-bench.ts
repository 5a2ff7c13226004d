import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);

/**
 * Runs `bench/<name>.ts` with `args` in a child on this Node and its loader, our packages from their sources
 * (as a bench's smoke test runs it, tiny), and resolves with what it printed; rejects when it fails or outlasts 50 s.
 */
export async function runBench(name: string, args: string[]): Promise<string> {
  const bench = fileURLToPath(new URL(`../${name}.ts`, import.meta.url));
  const { stdout } = await run(
    process.execPath,
    [...process.execArgv, '--conditions=drawbridge-source', bench, ...args],
    { timeout: 50_000 },
  );
  return stdout;
}
