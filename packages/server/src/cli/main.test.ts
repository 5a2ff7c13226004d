import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { drawbridgeCommand } from '../testing/drawbridge-command.ts';

const version = (
  JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }
).version;

function runCli(args: string[]) {
  // PORT 1 would be refused if `serve` started listening, so a started server cannot pass for help.
  return spawnSync(process.execPath, drawbridgeCommand(args), {
    encoding: 'utf8',
    timeout: 30_000,
    input: '',
    env: { ...process.env, PORT: '1', DRAWBRIDGE_DB: '/nonexistent/never-written.db' },
  });
}

/** The system's own Node when it is older than 22 (Debian's is 20), to run the bin as a user would. */
function olderSystemNode(): string | undefined {
  const path = '/usr/bin/node';
  if (!existsSync(path)) return undefined;
  const major = Number(
    execFileSync(path, ['-p', 'process.versions.node.split(".")[0]'], { encoding: 'utf8' }),
  );
  return major < 22 ? path : undefined;
}

// Each spawn loads the command's whole module graph from the sources, which takes seconds on a loaded machine.
describe('drawbridge', { timeout: 180_000 }, () => {
  it('lists the commands for --help and -h', () => {
    for (const flag of ['--help', '-h']) {
      const run = runCli([flag]);
      expect(run.status).toBe(0);
      for (const command of ['serve', 'parse', 'chat', 'eval', 'sample-data', 'admin'])
        expect(run.stdout).toContain(command);
    }
  });

  it('prints the version for --version and -v, alone and after every command', () => {
    for (const args of [['--version'], ['-v'], ['serve', '--version'], ['sample-data', '-v']]) {
      const run = runCli(args);
      expect({ args, status: run.status, stdout: run.stdout }).toEqual({
        args,
        status: 0,
        stdout: `drawbridge ${version}\n`,
      });
    }
  });

  it('prints each command usage for --help and exits 0 without doing the command', () => {
    for (const command of ['serve', 'parse', 'chat', 'eval', 'sample-data', 'admin']) {
      const run = runCli([command, '--help']);
      expect({ command, status: run.status, stderr: run.stderr }).toEqual({ command, status: 0, stderr: '' });
      expect(run.stdout).toMatch(new RegExp(`^usage: drawbridge ${command}`));
      expect(run.stdout).not.toContain('listening');
    }
  });

  it('refuses an unknown flag or command with one line and exit 2', () => {
    for (const args of [
      ['serve', '--port=9'],
      ['sample-data', '--force'],
      ['admin', '--all'],
      ['frobnicate'],
    ]) {
      const run = runCli(args);
      expect({ args, status: run.status, lines: run.stderr.trimEnd().split('\n').length }).toEqual({
        args,
        status: 2,
        lines: 1,
      });
    }
  });

  it('refuses a wrong configuration with every problem at once, one line each, exit 1, before anything opens', () => {
    const database = '/nonexistent/never-written.db';
    const run = spawnSync(process.execPath, drawbridgeCommand(['serve']), {
      encoding: 'utf8',
      timeout: 30_000,
      input: '',
      env: {
        PATH: process.env.PATH,
        PORT: 'eighty',
        HOST: '0.0.0.0',
        DRAWBRIDGE_MODEL: 'openai:gpt-4.1',
        DRAWBRIDGE_DB: database,
        DRAWBRIDGE_RETENTION_DAYS: 'forever',
      },
    });
    expect({ status: run.status, stdout: run.stdout }).toEqual({ status: 1, stdout: '' });
    expect(run.stderr.trimEnd().split('\n')).toEqual([
      'PORT must be a whole number from 0 to 65535 (got "eighty").',
      'OPENAI_API_KEY is not set: set it to your OpenAI API key, or unset DRAWBRIDGE_MODEL to run the offline demo.',
      'DRAWBRIDGE_RETENTION_DAYS must be a whole number of days, 0 to keep everything (got "forever").',
      expect.stringMatching(/^Drawbridge is bound to 0\.0\.0\.0, .*: set DRAWBRIDGE_AUTH to accounts/),
    ]);
  });

  it('says in one line that it needs Node 22.16, and how to get it, when started on an older Node', () => {
    // This Node told it is older (the seam: `process.versions.node` is what the bin reads): a Node 20, a Node 22
    // whose `node:sqlite` lacks what the store uses, a Node 23 likewise; and the system's real older Node where
    // there is one.
    const pretending = (version: string) => [
      '--import',
      `data:text/javascript,Object.defineProperty(process.versions, 'node', { value: '${version}' })`,
    ];
    const systemNode = olderSystemNode();
    const starts = [
      ...['20.20.2', '22.15.1', '23.10.0'].map((version) => ({
        node: process.execPath,
        version,
        args: [...pretending(version), ...drawbridgeCommand(['serve'])],
      })),
      ...(systemNode === undefined
        ? []
        : [{ node: systemNode, version: '20', args: drawbridgeCommand(['serve']) }]),
    ];
    for (const { node, version, args } of starts) {
      const run = spawnSync(node, args, { encoding: 'utf8', timeout: 30_000, input: '' });
      expect({ node, status: run.status, stdout: run.stdout }).toEqual({ node, status: 1, stdout: '' });
      const lines = run.stderr.trimEnd().split('\n');
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(/^drawbridge needs Node\.js 22\.16 or newer \(this is Node \d+\.\d+\.\d+\)/);
      expect(lines[0]).toContain(`this is Node ${version}`);
      expect(lines[0]).toContain('install Node.js 22 LTS or 24');
      expect(run.stderr).not.toContain('ERR_UNKNOWN_BUILTIN_MODULE');
    }
  });
});
