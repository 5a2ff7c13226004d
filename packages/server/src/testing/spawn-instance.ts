import { type ChildProcess, spawn } from 'node:child_process';
import { drawbridgeCommand } from './drawbridge-command.ts';

/** A `drawbridge serve` child process and the URL it listens on. */
export interface SpawnedInstance {
  url: string;
  child: ChildProcess;
}

/**
 * `drawbridge serve` in a child process on a free loopback port, with `env` added to this process's
 * environment; resolves with its URL once it listens. The caller kills it (`child.kill`).
 */
export async function spawnInstance(env: Record<string, string>): Promise<SpawnedInstance> {
  const child = spawn(process.execPath, drawbridgeCommand(['serve']), {
    env: { ...process.env, ...env, PORT: '0', HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout?.setEncoding('utf8');
    child.stderr?.setEncoding('utf8');
    child.stderr?.on('data', (text: string) => {
      output += text;
    });
    child.stdout?.on('data', (text: string) => {
      output += text;
      const match = /listening on (http:\/\/\S+)/.exec(output);
      if (match?.[1] !== undefined) resolve(match[1]);
    });
    child.once('exit', (code) =>
      reject(new Error(`the instance exited (${code}) before listening:\n${output}`)),
    );
  }).catch((error: unknown) => {
    child.kill('SIGKILL');
    throw error;
  });
  return { url, child };
}
