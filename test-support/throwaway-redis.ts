import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findExecutable } from './find-executable.ts';
import { findFreePort } from './free-port.ts';
import { MissingServiceError } from './missing-service-error.ts';

/** A Redis server of its own for one test run: loopback only, nothing written to disk. */
export interface ThrowawayRedis {
  url: string;
  port: number;
  stop(): Promise<void>;
  /** Kills the server with SIGKILL (an outage, for fault tests); `startThrowawayRedis({ port })` starts it again, empty. */
  kill(): Promise<void>;
}

const readyLine = 'Ready to accept connections';

function waitUntilReady(server: ChildProcess): Promise<void> {
  return new Promise((resolve, reject) => {
    let output = '';
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes(readyLine)) {
        server.stdout?.off('data', onData);
        server.off('exit', onExit);
        resolve();
      }
    };
    const onExit = (code: number | null) =>
      reject(new Error(`redis-server exited (code ${code}) before it was ready:\n${output.slice(-2000)}`));
    server.stdout?.on('data', onData);
    server.once('exit', onExit);
  });
}

function stopServer(server: ChildProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  if (server.exitCode !== null || server.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    server.once('exit', () => resolve());
    server.kill(signal);
  });
}

/**
 * Starts `redis-server` on a free 127.0.0.1 port (or on `port`, to bring a killed one back) with persistence
 * off and its working folder in a temporary folder; `stop()` ends it and deletes the folder.
 */
export async function startThrowawayRedis({
  port: chosenPort,
}: {
  port?: number;
} = {}): Promise<ThrowawayRedis> {
  const program = findExecutable({ name: 'redis-server', candidates: ['/usr/bin/redis-server'] });
  if (program === undefined) {
    throw new MissingServiceError({ service: 'Redis', lookedFor: 'redis-server (on PATH)' });
  }
  const folder = mkdtempSync(join(tmpdir(), 'drawbridge-redis-'));
  let lastError: unknown;
  // Another process can take the port between choosing it and the server binding it; a new port then.
  for (let attempt = 0; attempt < (chosenPort === undefined ? 3 : 1); attempt += 1) {
    const port = chosenPort ?? (await findFreePort());
    const server = spawn(
      program,
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', folder],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    try {
      await waitUntilReady(server);
    } catch (error) {
      lastError = error;
      await stopServer(server);
      continue;
    }
    // Nothing reads the log any more; draining it keeps a chatty server from blocking on a full pipe.
    server.stdout?.resume();
    return {
      url: `redis://127.0.0.1:${port}`,
      port,
      async stop() {
        await stopServer(server);
        rmSync(folder, { recursive: true, force: true });
      },
      async kill() {
        await stopServer(server, 'SIGKILL');
        rmSync(folder, { recursive: true, force: true });
      },
    };
  }
  rmSync(folder, { recursive: true, force: true });
  throw lastError;
}
