import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { temporaryDirectory } from '../testing/temporary-directory.ts';
import { evalCommand } from './eval-command.ts';

const collector = () => {
  let text = '';
  return { write: (chunk: string) => (text += chunk), text: () => text, isTTY: false };
};

async function run(args: string[], env: Record<string, string | undefined> = {}) {
  const output = collector();
  const errorOutput = collector();
  const directory = await temporaryDirectory();
  try {
    const exitCode = await evalCommand(args, {
      environment: env,
      output,
      errorOutput,
      directory: directory.path,
    });
    return { exitCode, output: output.text(), errors: errorOutput.text(), directory: directory.path };
  } finally {
    await directory.remove();
  }
}

describe('evalCommand flags (checked before anything starts)', () => {
  it('prints its usage for --help', async () => {
    const { exitCode, output } = await run(['--help']);
    expect(exitCode).toBe(0);
    expect(output).toContain('usage: drawbridge eval [--suite <file.jsonl>]');
  });

  it.each([
    [['--concurrency', '0'], '--concurrency must be a whole number from 1 to 16 (got "0")'],
    [['--concurrency', '2.5'], '--concurrency must be a whole number'],
    [['--min-pass', '90'], '--min-pass must be a share from 0 to 1, e.g. 0.9 (got "90")'],
    [['--min-pass', ''], '--min-pass must be a share from 0 to 1, e.g. 0.9 (got "")'],
    [['--render-timeout', 'soon'], '--render-timeout must be a number of seconds'],
    [['--colour', 'red'], "Unknown option '--colour'"],
    [['stray'], 'stray'],
  ])('refuses %j with exit code 2', async (args, message) => {
    const { exitCode, errors } = await run(args);
    expect(exitCode).toBe(2);
    expect(errors).toContain(message);
    expect(errors).toContain('usage: drawbridge eval');
  });

  it('names a broken suite line and exits 1', async () => {
    const directory = await temporaryDirectory();
    try {
      await writeFile(join(directory.path, 'suite.jsonl'), '{"id":"a","prompt":"x"}\n{"prompt":"no id"}\n');
      const errorOutput = collector();
      const exitCode = await evalCommand(['--suite', 'suite.jsonl'], {
        environment: {},
        output: collector(),
        errorOutput,
        directory: directory.path,
      });
      expect(exitCode).toBe(1);
      expect(errorOutput.text()).toContain(`${join(directory.path, 'suite.jsonl')}:2: id:`);
    } finally {
      await directory.remove();
    }
  });

  it('reports a model configuration that cannot work, as serve does, and exits 1', async () => {
    const { exitCode, errors } = await run([], { DRAWBRIDGE_MODEL: 'nonsense:model' });
    expect(exitCode).toBe(1);
    expect(errors).toBe(
      'DRAWBRIDGE_MODEL names no known provider: use demo, replay:<file>, or openai:<model>, anthropic:<model>, ' +
        'openai-compatible:<model> (got "nonsense:model").\n',
    );
  });
});
