import { execFile } from 'node:child_process';
import { mkdir } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { delimiter, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { PackListing } from '../../test-support/pack-table.ts';

const run = promisify(execFile);

export const repositoryRoot = fileURLToPath(new URL('../../', import.meta.url));

/** The packages a team installs, in the order they depend on each other. */
export const publishedPackages = ['protocol', 'frame', 'server', 'react'] as const;
export type PublishedPackage = (typeof publishedPackages)[number];

/** The Node 24 this repository pins (`node` in its devDependencies). */
export const node24 = join(
  dirname(createRequire(join(repositoryRoot, 'package.json')).resolve('node/package.json')),
  'bin',
  'node',
);

/**
 * This environment without what npm and our `.npmrc` add to it (`NODE_OPTIONS=--conditions=drawbridge-source`,
 * `npm_config_*`, `INIT_CWD`, the repository's `node_modules/.bin` on the `PATH`): the scratch project must
 * resolve the packages as a stranger's project does, to their dist/, with npm's own defaults. `node` on the
 * `PATH` is `node` (default: the pinned Node 24, which npm itself runs on).
 */
export function strangerEnvironment({ node = node24 }: { node?: string } = {}): NodeJS.ProcessEnv {
  const environment: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(process.env)) {
    // vitest's NODE_ENV=test is not a stranger's: under it `vite build` bundles React's development build, whose
    // StrictMode mounts every widget card twice (its first frame torn down for a second), as no user's build does.
    if (
      name === 'NODE_OPTIONS' ||
      name === 'NODE_ENV' ||
      name === 'INIT_CWD' ||
      name.toLowerCase().startsWith('npm_')
    )
      continue;
    environment[name] = value;
  }
  const path = (process.env.PATH ?? '').split(delimiter).filter((entry) => !entry.startsWith(repositoryRoot));
  return { ...environment, PATH: [dirname(node), ...path].join(delimiter) };
}

/**
 * Runs a command to its end, in a stranger's environment unless told otherwise; rejects with its output when it
 * exits non-zero, unless `exitCodes` lists that code.
 */
export async function runCommand(
  command: string,
  args: readonly string[],
  options: { cwd: string; env?: NodeJS.ProcessEnv; timeoutMs?: number; exitCodes?: readonly number[] },
): Promise<{ stdout: string; stderr: string; exitCode: number }> {
  try {
    const { stdout, stderr } = await run(command, args, {
      cwd: options.cwd,
      env: options.env ?? strangerEnvironment(),
      timeout: options.timeoutMs ?? 240_000,
      maxBuffer: 64 * 1024 * 1024,
    });
    return { stdout, stderr, exitCode: 0 };
  } catch (error) {
    const { stdout = '', stderr = '', code } = error as { stdout?: string; stderr?: string; code?: unknown };
    if (typeof code === 'number' && options.exitCodes?.includes(code))
      return { stdout, stderr, exitCode: code };
    throw new Error(`${command} ${args.join(' ')} failed in ${options.cwd}:\n${stderr}\n${stdout}`, {
      cause: error,
    });
  }
}

export interface PackedPackage extends PackListing {
  /** The tarball's absolute path. */
  tarball: string;
  files: string[];
}

/** `npm pack` of one of our packages (its dist/ built beforehand) into `destination`. */
export async function packPackage(folder: PublishedPackage, destination: string): Promise<PackedPackage> {
  await mkdir(destination, { recursive: true });
  const { stdout } = await runCommand('npm', ['pack', '--json', '--pack-destination', destination], {
    cwd: join(repositoryRoot, 'packages', folder),
  });
  const [packed] = JSON.parse(stdout) as Array<{
    name: string;
    filename: string;
    size: number;
    unpackedSize: number;
    files: Array<{ path: string }>;
  }>;
  if (packed === undefined) throw new Error(`npm pack printed no package for packages/${folder}`);
  return {
    name: packed.name,
    tarball: join(destination, packed.filename),
    files: packed.files.map((file) => file.path).sort(),
    size: packed.size,
    unpackedSize: packed.unpackedSize,
  };
}
