import { execFile } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { findExecutable } from './find-executable.ts';
import { findFreePort } from './free-port.ts';
import { MissingServiceError } from './missing-service-error.ts';

const run = promisify(execFile);

/** A PostgreSQL server of its own for one test run, on a free loopback port, in a temporary folder. */
export interface ThrowawayPostgres {
  /** Superuser URL of the `postgres` maintenance database; `createPostgresTestDatabase` makes fresh ones. */
  adminUrl: string;
  stop(): Promise<void>;
}

/** Debian's server programs live outside PATH, one folder per major version; 15 first, then the newest. */
function postgresBinaryFolder(): string {
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root)
    ? readdirSync(root).sort((left, right) => Number(right) - Number(left))
    : [];
  const ordered = [...versions.filter((version) => version === '15'), ...versions.filter((v) => v !== '15')];
  const initdb = findExecutable({
    name: 'initdb',
    candidates: ordered.map((version) => join(root, version, 'bin', 'initdb')),
  });
  if (initdb === undefined) {
    throw new MissingServiceError({
      service: 'PostgreSQL',
      lookedFor: 'initdb (in /usr/lib/postgresql/*/bin or on PATH)',
    });
  }
  return join(initdb, '..');
}

/** PostgreSQL refuses to run as root, so as root its programs run as the `postgres` account. */
function asServerUser(program: string, args: string[]): [string, string[]] {
  return process.getuid?.() === 0 ? ['runuser', ['-u', 'postgres', '--', program, ...args]] : [program, args];
}

async function runAsServerUser(program: string, args: string[]): Promise<void> {
  const [command, commandArgs] = asServerUser(program, args);
  await run(command, commandArgs, { timeout: 120_000 });
}

async function startOnFreePort(binaries: string, dataFolder: string, folder: string): Promise<number> {
  let lastError: unknown;
  // Another process can take the port between choosing it and the server binding it; a new port then.
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const port = await findFreePort();
    const serverOptions = [
      `-p ${port}`,
      `-k ${folder}`,
      '-c listen_addresses=127.0.0.1',
      // A throwaway server never needs to survive a power cut; skipping the disk flushes keeps tests quick.
      '-c fsync=off',
      '-c synchronous_commit=off',
      '-c full_page_writes=off',
      '-c max_connections=200',
    ].join(' ');
    try {
      await runAsServerUser(join(binaries, 'pg_ctl'), [
        '-D',
        dataFolder,
        '-l',
        join(folder, 'postgres.log'),
        '-o',
        serverOptions,
        '-w',
        '-t',
        '90',
        'start',
      ]);
      return port;
    } catch (error) {
      lastError = error;
    }
  }
  const log = existsSync(join(folder, 'postgres.log'))
    ? readFileSync(join(folder, 'postgres.log'), 'utf8')
    : '';
  throw new Error(`the throwaway PostgreSQL server did not start:\n${log.slice(-2000)}`, {
    cause: lastError,
  });
}

/**
 * Runs `initdb` into a temporary folder and starts `postgres` there on a free 127.0.0.1 port with its socket
 * in the same folder; `stop()` shuts it down and deletes the folder, leaving nothing running.
 */
export async function startThrowawayPostgres(): Promise<ThrowawayPostgres> {
  const binaries = postgresBinaryFolder();
  // As root the server runs as `postgres`, which must reach the folder: /tmp is open to every account, while
  // a TMPDIR under /root would not be.
  const runsAsRoot = process.getuid?.() === 0;
  const folder = mkdtempSync(join(runsAsRoot ? '/tmp' : tmpdir(), 'drawbridge-postgres-'));
  const dataFolder = join(folder, 'data');
  if (runsAsRoot) {
    const { stdout } = await run('id', ['-u', 'postgres']);
    const { stdout: group } = await run('id', ['-g', 'postgres']);
    chownSync(folder, Number(stdout.trim()), Number(group.trim()));
  }
  let started = false;
  try {
    await runAsServerUser(join(binaries, 'initdb'), [
      '-D',
      dataFolder,
      '-U',
      'postgres',
      '-A',
      'trust',
      '-E',
      'UTF8',
      // Code-point order like C, with Unicode case rules like a deployment's UTF-8 locale (`lower('Ü')`).
      '--locale=C.UTF-8',
      '--no-sync',
    ]);
    const port = await startOnFreePort(binaries, dataFolder, folder);
    started = true;
    const adminUrl = `postgres://postgres@127.0.0.1:${port}/postgres`;
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    await client.end();
    return {
      adminUrl,
      async stop() {
        try {
          await runAsServerUser(join(binaries, 'pg_ctl'), [
            '-D',
            dataFolder,
            '-m',
            'immediate',
            '-w',
            'stop',
          ]);
        } finally {
          rmSync(folder, { recursive: true, force: true });
        }
      },
    };
  } catch (error) {
    if (started) {
      await runAsServerUser(join(binaries, 'pg_ctl'), ['-D', dataFolder, '-m', 'immediate', '-w', 'stop']);
    }
    rmSync(folder, { recursive: true, force: true });
    throw error;
  }
}
