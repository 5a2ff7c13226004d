// Builds the package in the current folder for publishing: an empty dist/, the sources compiled by
// `tsc -p tsconfig.build.json` (ES modules + .d.ts, the same file layout as src/, so a file found beside a
// module through `new URL('./…', import.meta.url)` is found beside its build too), then every other file of
// src/ copied over (prompts, demo replies, the eval suite), leaving out tests, `testing/` and `fixtures/`.
// Run by each package's `npm run build`; the packages it imports must be built first (the root build does so).
import { execFileSync } from 'node:child_process';
import { cpSync, readdirSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, relative } from 'node:path';

const packageDirectory = process.cwd();
const sourceDirectory = join(packageDirectory, 'src');
const distributionDirectory = join(packageDirectory, 'dist');
const leftOutFolders = new Set(['testing', 'fixtures']);
const compiledOrTest = /\.(?:tsx?|test\.[cm]?[jt]sx?)$/;

function assetFiles(directory) {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) return leftOutFolders.has(entry.name) ? [] : assetFiles(path);
    return compiledOrTest.test(entry.name) ? [] : [path];
  });
}

// A file renamed or deleted in src/ must not live on in the tarball.
rmSync(distributionDirectory, { recursive: true, force: true });
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
execFileSync(process.execPath, [tsc, '-p', join(packageDirectory, 'tsconfig.build.json')], {
  stdio: 'inherit',
});
for (const file of assetFiles(sourceDirectory)) {
  cpSync(file, join(distributionDirectory, relative(sourceDirectory, file)));
}
