import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const packagesDirectory = fileURLToPath(new URL('../../../', import.meta.url));

/** Every production source file of every package: not a test, and not inside a `testing/` folder. */
function productionSources(directory: string): string[] {
  const files: string[] = [];
  for (const entry of readdirSync(directory, { withFileTypes: true })) {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules' && entry.name !== 'dist' && entry.name !== 'testing') {
        files.push(...productionSources(path));
      }
    } else if (/\.(ts|tsx|mjs)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) {
      files.push(path);
    }
  }
  return files;
}

describe('test support stays out of production', () => {
  it('no production file imports a testing/ folder', () => {
    const sources = productionSources(packagesDirectory);
    expect(sources.length).toBeGreaterThan(100);
    const offenders = sources.filter((path) =>
      /from\s+['"][^'"]*(?:^|\/)testing(?:\/|['"])/m.test(readFileSync(path, 'utf8')),
    );
    expect(offenders.map((path) => relative(packagesDirectory, path))).toEqual([]);
  });
});
