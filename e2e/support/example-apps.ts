import { type ChildProcess, spawn } from 'node:child_process';
import { cp, readFile, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { createServer } from 'node:net';
import { join, relative } from 'node:path';
import { type PackedPackage, repositoryRoot, runCommand, strangerEnvironment } from './packed-packages.ts';

/**
 * One app of examples/ as the tarball test drives it: copied out of the repository, installed from the packed
 * tarballs, built with its own `npm run build`, started with its own `npm start` (which listens on `PORT`).
 * Adding an example to the test is one entry here.
 */
export interface ExampleApp {
  /** Its folder under examples/. */
  folder: string;
  /** Where it mounts Drawbridge: the `basePath` its server gives `createDrawbridge`, its page's `baseUrl`. */
  basePath: string;
  /** What its build leaves that a copy must not bring along (and what `npm install` makes). */
  buildOutputs: readonly string[];
}

export const exampleApps: readonly ExampleApp[] = [
  { folder: 'express-vite', basePath: '/ai', buildOutputs: ['dist'] },
  { folder: 'hono', basePath: '/assistant', buildOutputs: ['dist'] },
  { folder: 'nextjs', basePath: '/api/assistant', buildOutputs: ['.next', 'next-env.d.ts'] },
];

/** What never leaves the repository with an example: installs, builds and the SQLite files its runs made. */
const leftBehind = new Set(['node_modules', 'data']);

/**
 * Copies `examples/<folder>` to `destination` and points its `@drawbridge/*` dependencies at the tarballs
 * (relative `file:` paths inside the scratch folder); every other dependency stays the exact version the
 * example pins, which the repository's own `npm ci` put in npm's cache.
 */
export async function copyExample({
  app,
  destination,
  tarballs,
}: {
  app: ExampleApp;
  destination: string;
  tarballs: ReadonlyMap<string, PackedPackage>;
}): Promise<void> {
  const source = join(repositoryRoot, 'examples', app.folder);
  const skipped = new Set([...leftBehind, ...app.buildOutputs]);
  await cp(source, destination, {
    recursive: true,
    filter: (path) => !skipped.has(relative(source, path).split('/')[0]!),
  });
  const manifestPath = join(destination, 'package.json');
  const manifest = JSON.parse(await readFile(manifestPath, 'utf8')) as {
    dependencies: Record<string, string>;
  };
  const packedNames = new Set([...tarballs.values()].map((packed) => packed.name));
  for (const name of Object.keys(manifest.dependencies)) {
    if (name.startsWith('@drawbridge/') && !packedNames.has(name))
      throw new Error(`examples/${app.folder} depends on ${name}, which is not packed`);
  }
  // Every tarball, so that what ours depend on (the server's @drawbridge/frame) comes from them too, not from
  // the registry.
  for (const packed of tarballs.values()) {
    manifest.dependencies[packed.name] = `file:${relative(destination, packed.tarball)}`;
  }
  await writeFile(manifestPath, `${JSON.stringify(manifest, null, 2)}\n`);
}

/** An example's environment: a stranger's, with Next.js's telemetry off (it would reach for the network). */
export function exampleEnvironment(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return { ...strangerEnvironment(), NEXT_TELEMETRY_DISABLED: '1', ...extra };
}

/** `npm install` from npm's cache (what the repository's `npm ci` filled), then the example's own build. */
export async function installAndBuild(directory: string): Promise<void> {
  await runCommand('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', '--loglevel=error'], {
    cwd: directory,
    env: exampleEnvironment(),
  });
  await runCommand('npm', ['run', 'build'], {
    cwd: directory,
    env: exampleEnvironment(),
    timeoutMs: 480_000,
  });
}

export interface RunningExample {
  origin: string;
  /** Everything the server printed so far, for a failure's message. */
  output(): string;
  stop(): Promise<void>;
}

/**
 * `npm start` in its own process group on `port`, resolved once `<basePath>/api/health` answers 200; stopped
 * by signalling that group (npm, the shell it runs, and the server under them).
 */
export async function startExample({
  app,
  directory,
  port,
}: {
  app: ExampleApp;
  directory: string;
  port: number;
}): Promise<RunningExample> {
  const child: ChildProcess = spawn('npm', ['start'], {
    cwd: directory,
    env: exampleEnvironment({ PORT: String(port) }),
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let printed = '';
  child.stdout!.on('data', (chunk: Buffer) => (printed += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (printed += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const origin = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) process.kill(-child.pid!, 'SIGTERM');
    await exited;
  };
  const deadline = Date.now() + startTimeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`examples/${app.folder} exited at start:\n${printed}`);
    const ready = await fetch(`${origin}${app.basePath}/api/health`).then(
      (response) => response.ok,
      // Not listening yet: try again.
      () => false,
    );
    if (ready) return { origin, output: () => printed, stop };
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  await stop();
  throw new Error(`examples/${app.folder} did not answer ${app.basePath}/api/health:\n${printed}`);
}

/** How long an example may take to answer its first request. */
const startTimeoutMs = 60_000;

/** A port nothing listens on right now, for an example's `PORT`. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}
