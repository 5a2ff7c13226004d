import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, expect, it } from 'vitest';

/**
 * docs/api/ is generated from the packages' types by TypeDoc (`npm run docs:api`, typedoc.json): generated
 * again here and compared file by file, so a change to a public type that leaves the reference behind fails.
 */

const repositoryRoot = fileURLToPath(new URL('../', import.meta.url));
const typedoc = join(
  dirname(createRequire(import.meta.url).resolve('typedoc/package.json')),
  'bin',
  'typedoc',
);
const checkedIn = join(repositoryRoot, 'docs', 'api');
let scratch: string | undefined;

afterAll(async () => {
  if (scratch !== undefined) await rm(scratch, { recursive: true, force: true });
});

async function readTree(directory: string): Promise<Map<string, string>> {
  const entries = await readdir(directory, { recursive: true, withFileTypes: true });
  const files = new Map<string, string>();
  for (const entry of entries.filter((candidate) => candidate.isFile())) {
    const path = join(entry.parentPath, entry.name);
    files.set(relative(directory, path), await readFile(path, 'utf8'));
  }
  return files;
}

it('docs/api/ is what TypeDoc makes of the packages’ public types now (else: npm run docs:api)', async () => {
  scratch = await mkdtemp(join(tmpdir(), 'drawbridge-api-reference-'));
  await promisify(execFile)(process.execPath, [typedoc, '--out', scratch, '--logLevel', 'Warn'], {
    cwd: repositoryRoot,
    maxBuffer: 16 * 1024 * 1024,
  });
  const generated = await readTree(scratch);
  const stored = await readTree(checkedIn);
  expect([...stored.keys()].sort()).toEqual([...generated.keys()].sort());
  const stale = [...generated].filter(([path, text]) => stored.get(path) !== text).map(([path]) => path);
  expect(stale).toEqual([]);
}, 300_000);
