import { access, copyFile, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentedPackTable, packTableDifferences } from '../test-support/pack-table.ts';
import {
  node24,
  type PackedPackage,
  packPackage,
  publishedPackages,
  repositoryRoot,
  runCommand,
  strangerEnvironment,
} from './support/packed-packages.ts';

/**
 * The test a team makes: pack @drawbridge/protocol, frame and server (their dist/ from `npm run build`), install
 * the tarballs into a scratch project outside the workspace (no workspace links, nothing resolved into the
 * repository), and use them there on Node 22 — the lowest our engines admit, from the `node` npm package — and on
 * Node 24: plain imports, `createDrawbridge` mounted under /ai in the project's own node:http server with a demo run
 * through it (by HTTP, and by @drawbridge/react's run client with no DOM), the `drawbridge` bin, and a type check
 * against the published .d.ts files.
 */

/** The lowest Node 22 the server's `engines` admit: the first whose `node:sqlite` has all the store uses. */
const lowestNode22 = '22.16.0';
const typescriptCompiler = createRequire(join(repositoryRoot, 'package.json')).resolve('typescript/bin/tsc');
const rootDevDependencies = (
  JSON.parse(await readFile(join(repositoryRoot, 'package.json'), 'utf8')) as {
    devDependencies: Record<string, string>;
  }
).devDependencies;
const typesNodeVersion = rootDevDependencies['@types/node'];
/** A team's React app has React's types; @drawbridge/react's declarations name them. */
const typesReactVersion = rootDevDependencies['@types/react'];
/** The zod a team declares beside our packages to write its own tools' schemas: the range protocol depends on. */
const zodRange = (
  JSON.parse(await readFile(join(repositoryRoot, 'packages', 'protocol', 'package.json'), 'utf8')) as {
    dependencies: Record<string, string>;
  }
).dependencies.zod;
/** The React a team's app brings for @drawbridge/react (its peer dependency): the one the web app uses. */
const reactRange = (
  JSON.parse(await readFile(join(repositoryRoot, 'packages', 'web', 'package.json'), 'utf8')) as {
    dependencies: Record<string, string>;
  }
).dependencies.react;
const fixture = join(repositoryRoot, 'e2e', 'fixtures', 'packed-consumer');

let scratch: string;
const packed = new Map<string, PackedPackage>();
let node22: string;

beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), 'drawbridge-packed-'));
  for (const folder of publishedPackages) {
    const result = await packPackage(folder, join(scratch, 'tarballs'));
    packed.set(folder, result);
  }
  const dependency = (folder: string) => `file:${relative(scratch, packed.get(folder)!.tarball)}`;
  await writeFile(
    join(scratch, 'package.json'),
    `${JSON.stringify(
      {
        name: 'packed-consumer',
        private: true,
        type: 'module',
        dependencies: {
          '@drawbridge/protocol': dependency('protocol'),
          '@drawbridge/frame': dependency('frame'),
          '@drawbridge/server': dependency('server'),
          '@drawbridge/react': dependency('react'),
          react: reactRange,
          'react-dom': reactRange,
          zod: zodRange,
        },
        devDependencies: {
          '@types/node': typesNodeVersion,
          '@types/react': typesReactVersion,
          node: lowestNode22,
        },
      },
      null,
      2,
    )}\n`,
  );
  for (const file of ['smoke.mjs', 'consumer.ts', 'tsconfig.json']) {
    await copyFile(join(fixture, file), join(scratch, file));
  }
  // From the registry through npm's cache: what a stranger's `npm install` does.
  await runCommand('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', '--loglevel=error'], {
    cwd: scratch,
  });
  node22 = join(scratch, 'node_modules', '.bin', 'node');
}, 600_000);

afterAll(async () => {
  if (scratch !== undefined) await rm(scratch, { recursive: true, force: true });
});

/** What a package's tarball may not hold: sources, tests and their data, build and bench files. */
const notForConsumers = [
  /(^|\/)src\//,
  /\.test\.[cm]?[jt]sx?$/,
  /(^|\/)(testing|fixtures|bench|e2e)\//,
  /(^|\/)tsconfig[^/]*\.json$/,
  /(^|\/)build\.mjs$/,
  /(?<!\.d)\.tsx?$/,
];

describe('npm pack of the published packages', () => {
  it('holds what a consumer runs and nothing else', () => {
    for (const folder of publishedPackages) {
      const { files } = packed.get(folder)!;
      expect({
        folder,
        unwanted: files.filter((file) => notForConsumers.some((rule) => rule.test(file))),
      }).toEqual({
        folder,
        unwanted: [],
      });
      expect(files).toEqual(
        expect.arrayContaining([
          'package.json',
          'README.md',
          'CHANGELOG.md',
          'dist/index.js',
          'dist/index.d.ts',
        ]),
      );
    }
    expect(packed.get('frame')!.files).toEqual(
      expect.arrayContaining([
        'dist/frame.html',
        'dist/runtime.js',
        'dist/three-bundle.js',
        'dist/kit.js',
        'dist/mcp-app-view.js',
      ]),
    );
    expect(packed.get('server')!.files).toEqual(
      expect.arrayContaining([
        'bin/drawbridge.mjs',
        'dist/cli/main.js',
        'dist/store/wal-checkpoint-worker.js',
        'dist/prompts/widget-system-prompt.md',
        'dist/eval/built-in-suite.jsonl',
        'skills/widgets/SKILL.md',
        'skills/dashboard/SKILL.md',
      ]),
    );
    expect(packed.get('react')!.files).toEqual(expect.arrayContaining(['dist/styles.css']));
    expect(packed.get('server')!.files.some((file) => file.startsWith('dist/models/demo/replies/'))).toBe(
      true,
    );
  });

  it('is what docs/embedding.md lists for each package (else: npm run docs:pack)', async () => {
    const documented = documentedPackTable(
      await readFile(join(repositoryRoot, 'docs', 'embedding.md'), 'utf8'),
    );
    expect(documented).toBeDefined();
    const listings = publishedPackages.map((folder) => packed.get(folder)!);
    expect(packTableDifferences(documented!, listings)).toEqual([]);
  });

  it('installs outside the workspace, with no link into the repository', async () => {
    expect(relative(repositoryRoot, scratch).startsWith('..')).toBe(true);
    for (const folder of publishedPackages) {
      const installed = join(scratch, 'node_modules', '@drawbridge', folder);
      const { stdout } = await runCommand(
        node24,
        ['-p', `require('node:fs').realpathSync(${JSON.stringify(installed)})`],
        { cwd: scratch },
      );
      expect(stdout.trim()).toBe(installed);
    }
  });
});

describe('what a team that never runs drawbridge eval installs', () => {
  it('leaves out the eval’s browser driver and accessibility scanner (optional peers of the server)', async () => {
    for (const name of ['playwright-core', 'axe-core']) {
      await expect(access(join(scratch, 'node_modules', name))).rejects.toMatchObject({ code: 'ENOENT' });
    }
  });
});

describe.each([
  ['Node 22', () => node22, lowestNode22],
  ['Node 24', () => node24, '24.'],
])('the installed packages on %s', (_name, nodeOf, expectedVersion) => {
  it('import, mount under /ai in node:http, run a demo turn and serve the frame', async () => {
    const { stdout } = await runCommand(nodeOf(), ['smoke.mjs'], {
      cwd: scratch,
      env: strangerEnvironment({ node: nodeOf() }),
    });
    const seen = JSON.parse(stdout.trim().split('\n').at(-1)!) as Record<string, unknown>;
    expect(String(seen.node).startsWith(expectedVersion)).toBe(true);
    expect(seen).toMatchObject({
      parsedChunkTypes: ['prose', 'css', 'end'],
      runStatus: 200,
      firstEvent: 'RUN_STARTED',
      lastEvent: 'RUN_FINISHED',
      frameStatus: 200,
      frameHeaders: { xFrameOptions: null },
      hostAppOutsideMount: 'the host app',
      headless: {
        sent: true,
        roles: ['user', 'assistant'],
        status: 'finished',
        replyHasProse: true,
        hasWindow: false,
        widgetCardOnServer: true,
      },
    });
    expect(seen.widgetParts).toBeGreaterThan(0);
    expect(seen.frameRuntimeBytes).toBeGreaterThan(0);
    expect(seen.frameLoadsRuntimeRelatively).toBe(true);
    expect(String((seen.frameHeaders as { contentSecurityPolicy: string }).contentSecurityPolicy)).toContain(
      'sandbox allow-scripts allow-forms',
    );
  });

  it('start the drawbridge bin', async () => {
    const version = JSON.parse(
      await readFile(join(repositoryRoot, 'packages/server/package.json'), 'utf8'),
    ).version;
    // As a user runs it: the bin from node_modules/.bin, on the `node` first on the PATH.
    const { stdout } = await runCommand(join(scratch, 'node_modules', '.bin', 'drawbridge'), ['--version'], {
      cwd: scratch,
      env: strangerEnvironment({ node: nodeOf() }),
    });
    expect(stdout).toBe(`drawbridge ${version}\n`);
  });
});

/** One tsc program over every published declaration and React's types: about a minute on a busy machine. */
const typeCheckTimeoutMs = 180_000;

describe('the published type declarations', () => {
  it('type-check a consumer, with our declaration files checked too', {
    timeout: typeCheckTimeoutMs,
  }, async () => {
    // `skipLibCheck: false`: our .d.ts files are checked as the consumer's own code is. A dependency's own
    // declaration problem (the AI SDK's provider types import `json-schema`, whose types are a separate
    // package) is that dependency's, and a consumer meets it only with the same setting.
    const { stdout } = await runCommand(node24, [typescriptCompiler, '-p', 'tsconfig.json'], {
      cwd: scratch,
      exitCodes: [2],
    });
    const errorsInFiles = [...stdout.matchAll(/^(\S[^(\n]*)\(\d+,\d+\): error TS\d+: .*$/gm)];
    const ours = errorsInFiles
      .filter(([, file]) => file === 'consumer.ts' || file!.startsWith('node_modules/@drawbridge/'))
      .map(([line]) => line);
    expect(ours).toEqual([]);
    // Every line tsc printed belongs to a reported error: it did not stop on something else.
    expect(stdout.split('\n').filter((line) => line !== '' && !line.startsWith(' ')).length).toBe(
      errorsInFiles.length,
    );
  });
});
