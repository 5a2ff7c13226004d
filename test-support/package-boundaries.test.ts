import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The package boundaries of docs/architecture.md, checked on the source: `protocol` imports nothing of ours,
 * `frame` only `protocol`, `server` never the web app or React, and no package reaches into another's folder by
 * a relative path (only by a package name, at an entry its package.json exports; stylesheets' `@import`s too), and `react` only `protocol`. The web app, the packages' first consumer, is held to their exports maps like any team's app. A forbidden import fails this
 * test with the file, the specifier and the rule it breaks.
 */

const repositoryRoot = fileURLToPath(new URL('..', import.meta.url));
const packagesRoot = join(repositoryRoot, 'packages');
// Stylesheets too: a CSS `@import` reaches into another package as surely as a script's import does.
const sourceExtensions = /\.(ts|tsx|mts|cts|js|mjs|cjs|css)$/;
const skippedFolders = new Set(['node_modules', 'dist']);

/** How a file names another: loads it (`import`, `export … from`, `require`, `vi.mock`), or only finds it. */
type ReferenceKind = 'import' | 'file-url' | 'resolve';

interface Reference {
  /** The referring file, relative to the repository root. */
  file: string;
  specifier: string;
  kind: ReferenceKind;
}

const referencePatterns: Array<[RegExp, ReferenceKind]> = [
  // `import x from '…'`, `import type { … } from '…'`, `export { … } from '…'`, across lines.
  [/\b(?:import|export)\s[^'"`;]*?\bfrom\s*['"]([^'"]+)['"]/g, 'import'],
  [/^\s*import\s*['"]([^'"]+)['"]/gm, 'import'],
  [/\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)/g, 'import'],
  [/\brequire\s*\(\s*['"]([^'"]+)['"]\s*\)/g, 'import'],
  [/\bvi\.(?:mock|doMock|importActual)\s*(?:<[^>]*>)?\(\s*['"]([^'"]+)['"]/g, 'import'],
  [/\bnew URL\(\s*['"`]([^'"`$]+)['"`]\s*,\s*import\.meta\.url/g, 'file-url'],
  [/\bimport\.meta\.resolve\(\s*['"]([^'"]+)['"]\s*\)/g, 'resolve'],
  [/@import\s+(?:url\(\s*)?['"]([^'"]+)['"]/g, 'import'],
];

function sourceFiles(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) return skippedFolders.has(entry.name) ? [] : sourceFiles(path);
    return sourceExtensions.test(entry.name) ? [path] : [];
  });
}

/** Every reference in `text`, in the order found; exported so the scanner itself is tested below. */
function referencesIn(file: string, text: string): Reference[] {
  return referencePatterns.flatMap(([pattern, kind]) =>
    [...text.matchAll(pattern)].map((match) => ({ file, specifier: match[1]!, kind })),
  );
}

interface PackageInfo {
  /** The folder under packages/. */
  folder: string;
  /** Its npm name, `@drawbridge/…`. */
  name: string;
  /** The subpaths its package.json exports (`.`, `./testing`, …). */
  exports: string[];
}

const packages: PackageInfo[] = readdirSync(packagesRoot, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => {
    const manifest = JSON.parse(readFileSync(join(packagesRoot, entry.name, 'package.json'), 'utf8')) as {
      name: string;
      exports?: Record<string, string>;
    };
    return { folder: entry.name, name: manifest.name, exports: Object.keys(manifest.exports ?? { '.': '' }) };
  });

/** Of our packages, the ones each may import by name; a package not listed may import any of them. */
const allowedPackageImports: Record<string, readonly string[]> = {
  protocol: [],
  frame: ['@drawbridge/protocol'],
  server: ['@drawbridge/protocol', '@drawbridge/frame'],
  // The React package is what a team installs beside its own app: the contracts only, never the app.
  react: ['@drawbridge/protocol'],
};

/** Third-party modules a package must not load: the server is no React app. */
const forbiddenModules: Record<string, RegExp> = {
  protocol: /^(react|react-dom)(\/|$)/,
  frame: /^(react|react-dom)(\/|$)/,
  server: /^(react|react-dom)(\/|$)/,
};

/**
 * Names a package may resolve to a location without loading anything from it: the server serves the built
 * web app's files, found by `import.meta.resolve('@drawbridge/web')` (node-server/web-distribution-directory.ts).
 */
const allowedResolutions: Record<string, readonly string[]> = {
  server: ['@drawbridge/web'],
};

/** The package folder `path` lies in, or undefined outside packages/. */
function packageFolderOf(path: string): string | undefined {
  const inside = relative(packagesRoot, path);
  if (inside.startsWith('..') || inside === '') return undefined;
  return inside.split(sep)[0];
}

function isTestSupportFile(file: string): boolean {
  return /\.test\.tsx?$/.test(file) || file.split(sep).includes('testing');
}

/** The rule `reference`, made in package `folder`, breaks; undefined when it keeps them all. */
function violationOf(folder: string, reference: Reference): string | undefined {
  const { file, specifier, kind } = reference;
  if (specifier.startsWith('.')) {
    const target = resolve(dirname(join(repositoryRoot, file)), specifier);
    const targetFolder = packageFolderOf(target);
    if (targetFolder === folder) return undefined;
    if (targetFolder !== undefined) {
      return `reaches into packages/${targetFolder} by a relative path; import it by its package name`;
    }
    if (isTestSupportFile(file)) {
      // Tests load the repository's throwaway services (test-support/) and read its files as data (docs/
      // checked against the code, the packages folder for scans like this one).
      const inTestSupport = !relative(join(repositoryRoot, 'test-support'), target).startsWith('..');
      if (kind !== 'import' || inTestSupport) return undefined;
    }
    return `reaches outside its package by a relative path (${relative(repositoryRoot, target) || '.'})`;
  }
  const ours = packages.find(
    (candidate) => specifier === candidate.name || specifier.startsWith(`${candidate.name}/`),
  );
  if (ours === undefined) {
    return forbiddenModules[folder]?.test(specifier) ? `${folder} must not load ${specifier}` : undefined;
  }
  if (ours.folder === folder) return `imports its own package by name (${specifier}); use a relative path`;
  if (kind === 'resolve' && allowedResolutions[folder]?.includes(ours.name)) return undefined;
  const allowed = allowedPackageImports[folder];
  if (allowed !== undefined && !allowed.includes(ours.name)) {
    return allowed.length === 0
      ? `${folder} imports nothing of ours, but names ${specifier}`
      : `${folder} may import only ${allowed.join(', ')}, not ${specifier}`;
  }
  const subpath = specifier === ours.name ? '.' : `.${specifier.slice(ours.name.length)}`;
  return ours.exports.includes(subpath) ? undefined : `${specifier} is not an entry ${ours.name} exports`;
}

/** Every reference of every source file, with the package it was made in. */
function allReferences(): Array<{ folder: string; reference: Reference }> {
  return packages.flatMap(({ folder }) =>
    sourceFiles(join(packagesRoot, folder)).flatMap((path) => {
      const file = relative(repositoryRoot, path);
      return referencesIn(file, readFileSync(path, 'utf8')).map((reference) => ({ folder, reference }));
    }),
  );
}

describe('package boundaries', () => {
  it('hold in every source file of every package', () => {
    const references = allReferences();
    // A scanner that found nothing would pass vacuously.
    expect(new Set(references.map(({ folder }) => folder))).toEqual(
      new Set(packages.map(({ folder }) => folder)),
    );
    expect(references.length).toBeGreaterThan(1000);
    const violations = references.flatMap(({ folder, reference }) => {
      const broken = violationOf(folder, reference);
      return broken === undefined ? [] : [`${reference.file}: '${reference.specifier}' ${broken}`];
    });
    expect(violations).toEqual([]);
  });

  it('let the web app use the other packages only through the entries their exports maps name', () => {
    const ours = allReferences().filter(
      ({ folder, reference }) => folder === 'web' && reference.specifier.startsWith('@drawbridge/'),
    );
    // The app is built on the packages: a scan that found few of its imports would pass vacuously.
    expect(ours.length).toBeGreaterThan(50);
    const unexported = [...new Set(ours.map(({ reference }) => reference.specifier))].filter((specifier) => {
      const target = packages.find(({ name }) => specifier === name || specifier.startsWith(`${name}/`));
      return !target?.exports.includes(
        specifier === target.name ? '.' : `.${specifier.slice(target.name.length)}`,
      );
    });
    expect(unexported).toEqual([]);
    expect(ours.some(({ reference }) => reference.specifier === '@drawbridge/react/styles.css')).toBe(true);
    const css = referencesIn('packages/web/src/styles/app.css', '@import "../../../react/src/styles.css";');
    expect(css.map((reference) => violationOf('web', reference))).toEqual([
      'reaches into packages/react by a relative path; import it by its package name',
    ]);
  });

  it('are checked on every way a file names another', () => {
    const file = 'packages/server/src/node-server/example.ts';
    const text = [
      "import { a } from '@drawbridge/web';",
      "import type {\n  B,\n  C,\n} from 'react';",
      "export { d } from '../../../web/src/d.ts';",
      "import './side-effect.ts';",
      "const lazy = await import('react-dom/client');",
      "const file = new URL('../../../web/dist', import.meta.url);",
      "const where = import.meta.resolve('@drawbridge/web');",
    ].join('\n');
    const found = referencesIn(file, text);
    expect(found.map((reference) => [reference.specifier, reference.kind])).toEqual([
      ['@drawbridge/web', 'import'],
      ['react', 'import'],
      ['../../../web/src/d.ts', 'import'],
      ['./side-effect.ts', 'import'],
      ['react-dom/client', 'import'],
      ['../../../web/dist', 'file-url'],
      ['@drawbridge/web', 'resolve'],
    ]);
    expect(found.map((reference) => violationOf('server', reference))).toEqual([
      'server may import only @drawbridge/protocol, @drawbridge/frame, not @drawbridge/web',
      'server must not load react',
      'reaches into packages/web by a relative path; import it by its package name',
      undefined,
      'server must not load react-dom/client',
      'reaches into packages/web by a relative path; import it by its package name',
      undefined,
    ]);
  });

  it('let protocol import nothing of ours and frame only protocol, at exported entries', () => {
    const reference = (file: string, specifier: string): Reference => ({ file, specifier, kind: 'import' });
    expect(violationOf('protocol', reference('packages/protocol/src/x.ts', '@drawbridge/frame'))).toBe(
      'protocol imports nothing of ours, but names @drawbridge/frame',
    );
    expect(
      violationOf('frame', reference('packages/frame/src/x.ts', '@drawbridge/protocol')),
    ).toBeUndefined();
    expect(violationOf('frame', reference('packages/frame/src/x.ts', '@drawbridge/server'))).toBe(
      'frame may import only @drawbridge/protocol, not @drawbridge/server',
    );
    expect(violationOf('react', reference('packages/react/src/x.ts', '@drawbridge/server'))).toBe(
      'react may import only @drawbridge/protocol, not @drawbridge/server',
    );
    expect(violationOf('web', reference('packages/web/src/x.ts', '@drawbridge/react/src/index.ts'))).toBe(
      '@drawbridge/react/src/index.ts is not an entry @drawbridge/react exports',
    );
    expect(violationOf('web', reference('packages/web/src/x.ts', '../../react/src/index.ts'))).toBe(
      'reaches into packages/react by a relative path; import it by its package name',
    );
    expect(violationOf('web', reference('packages/web/src/x.ts', '@drawbridge/protocol/src/index.ts'))).toBe(
      '@drawbridge/protocol/src/index.ts is not an entry @drawbridge/protocol exports',
    );
    expect(
      violationOf('server', reference('packages/server/src/x.test.ts', '../../../test-support/free-port.ts')),
    ).toBeUndefined();
    expect(
      violationOf('server', reference('packages/server/src/x.ts', '../../../test-support/free-port.ts')),
    ).toBe('reaches outside its package by a relative path (test-support/free-port.ts)');
  });
});
