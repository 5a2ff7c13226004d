/**
 * Runs the benchmarks in `bench/` one after another, each in its own Node process (under tsx, on the Node
 * that runs this file, with our packages resolved to their sources) so one bench's heap and timers cannot colour the next one's numbers. Their output
 * is printed as it comes, under a heading per bench.
 *
 *     npm run bench                    # every bench/*.ts, in name order
 *     npm run bench -- parser history  # only these
 *
 * Exits non-zero when a bench fails or a named one does not exist; the remaining benches still run.
 */
import { spawn } from 'node:child_process';
import { readdir } from 'node:fs/promises';
import { basename } from 'node:path';
import { fileURLToPath } from 'node:url';

const benchDirectory = fileURLToPath(new URL('.', import.meta.url));
const available = (await readdir(benchDirectory))
  // A bench's smoke test (`*.test.ts`) belongs to the unit suite, not here.
  .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
  .map((file) => basename(file, '.ts'))
  .sort();

const requested = process.argv.slice(2);
const unknown = requested.filter((name) => !available.includes(name));
if (unknown.length > 0) {
  console.error(`No such bench: ${unknown.join(', ')}. Available: ${available.join(', ')}.`);
  process.exit(2);
}
const selected = requested.length > 0 ? requested : available;

/** Runs one bench with inherited output; resolves with its exit code (a signal counts as a failure). */
function runBench(name) {
  return new Promise((resolve) => {
    const child = spawn(
      process.execPath,
      ['--conditions=drawbridge-source', '--import', 'tsx', `${benchDirectory}${name}.ts`],
      { stdio: 'inherit' },
    );
    child.on('error', (error) => {
      console.error(`bench/${name}.ts could not start: ${error.message}`);
      resolve(1);
    });
    child.on('exit', (code, signal) => resolve(signal === null ? (code ?? 1) : 1));
  });
}

const failed = [];
for (const name of selected) {
  console.log(`\n=== bench/${name}.ts ===`);
  const started = performance.now();
  const code = await runBench(name);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(
    `=== bench/${name}.ts ${code === 0 ? 'finished' : `failed (exit ${code})`} in ${seconds} s ===`,
  );
  if (code !== 0) failed.push(name);
}
if (failed.length > 0) {
  console.error(`\n${failed.length} of ${selected.length} benches failed: ${failed.join(', ')}.`);
  process.exit(1);
}
