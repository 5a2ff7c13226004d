// Writes the table of docs/embedding.md (*What the packages hold*) from `npm pack --dry-run --json` of each
// published package, their dist/ as `npm run build` left it: `npm run docs:pack`. e2e/packed-packages.test.ts holds
// the table to a real pack.
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { publishedPackages } from '../e2e/support/packed-packages.ts';
import { type PackListing, packTable, withPackTable } from '../test-support/pack-table.ts';

const repositoryRoot = fileURLToPath(new URL('../', import.meta.url));
const document = join(repositoryRoot, 'docs', 'embedding.md');

const listings = publishedPackages.map((folder): PackListing => {
  const printed = execFileSync('npm', ['pack', '--dry-run', '--json', '--loglevel=error'], {
    cwd: join(repositoryRoot, 'packages', folder),
    encoding: 'utf8',
  });
  const [packed] = JSON.parse(printed) as Array<{
    name: string;
    size: number;
    unpackedSize: number;
    files: Array<{ path: string }>;
  }>;
  if (packed === undefined) throw new Error(`npm pack printed no package for packages/${folder}`);
  return {
    name: packed.name,
    files: packed.files.map((file) => file.path).sort(),
    size: packed.size,
    unpackedSize: packed.unpackedSize,
  };
});

writeFileSync(document, withPackTable(readFileSync(document, 'utf8'), packTable(listings)));
console.log(`docs/embedding.md: the pack table of ${listings.map((listing) => listing.name).join(', ')}`);
