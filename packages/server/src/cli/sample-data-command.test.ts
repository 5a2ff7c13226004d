import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openStorage } from '../store/open-storage.ts';
import { sampleDataCommand } from './sample-data-command.ts';

let folder: string;

function collector() {
  const pieces: string[] = [];
  return { sink: { write: (text: string) => pieces.push(text) }, text: () => pieces.join('') };
}

async function runSampleData(args: string[], env: Record<string, string>) {
  const output = collector();
  const errorOutput = collector();
  const exitCode = await sampleDataCommand(args, {
    environment: env,
    output: output.sink,
    errorOutput: errorOutput.sink,
  });
  return { exitCode, output: output.text(), errorOutput: errorOutput.text() };
}

beforeEach(() => {
  folder = mkdtempSync(join(tmpdir(), 'drawbridge-sample-'));
});

afterEach(() => {
  rmSync(folder, { recursive: true, force: true });
});

describe('sampleDataCommand', () => {
  it('loads the sample once; a second run writes nothing and says so', async () => {
    const path = join(folder, 'drawbridge.db');
    const first = await runSampleData([], { DRAWBRIDGE_DB: path });
    expect(first).toMatchObject({ exitCode: 0, errorOutput: '' });
    expect(first.output).toMatch(/^Loaded sample history into .* threads titled "Sample: …"/);
    const second = await runSampleData([], { DRAWBRIDGE_DB: path });
    expect(second).toMatchObject({ exitCode: 0, errorOutput: '' });
    expect(second.output).toMatch(/already in .*nothing was written/);

    const storage = await openStorage({ location: { dialect: 'sqlite', path } });
    try {
      expect(await storage.store.listThreads({ kind: 'chat' })).toEqual([]);
      const threads = await storage.store.listThreads({ kind: 'sample' });
      const titles = threads.map((thread) => thread.title);
      expect(new Set(titles).size).toBe(titles.length);
      const runs = await storage.store.listRuns();
      expect(runs.length).toBe(Number(/: (\d+) runs/.exec(first.output)![1]));
    } finally {
      await storage.close();
    }
  });

  it('removes the sample with --remove, after which it loads again', async () => {
    const path = join(folder, 'drawbridge.db');
    await runSampleData([], { DRAWBRIDGE_DB: path });
    const removed = await runSampleData(['--remove'], { DRAWBRIDGE_DB: path });
    expect(removed).toMatchObject({ exitCode: 0, errorOutput: '' });
    expect(removed.output).toMatch(/^Deleted the sample history from .*: 6 threads/);
    expect((await runSampleData(['--remove'], { DRAWBRIDGE_DB: path })).output).toMatch(
      /^There is no sample history in .*; nothing was deleted/,
    );
    expect((await runSampleData([], { DRAWBRIDGE_DB: path })).output).toMatch(/^Loaded sample history/);
  });

  it('prints the usage for --help and -h and writes no database', async () => {
    for (const flag of ['--help', '-h']) {
      const run = await runSampleData([flag], { DRAWBRIDGE_DB: join(folder, 'help.db') });
      expect(run.exitCode).toBe(0);
      expect(run.output).toMatch(/^usage: drawbridge sample-data/);
    }
    expect(existsSync(join(folder, 'help.db'))).toBe(false);
  });

  it('refuses an unknown flag with one line and exit 2', async () => {
    const run = await runSampleData(['--force'], { DRAWBRIDGE_DB: join(folder, 'flag.db') });
    expect(run.exitCode).toBe(2);
    expect(run.errorOutput).toMatch(/^drawbridge sample-data: Unknown option '--force'.*\n$/);
    expect(existsSync(join(folder, 'flag.db'))).toBe(false);
  });

  it('refuses a database URL of another kind, one line per wrong setting, and writes nothing', async () => {
    const run = await runSampleData([], {
      DRAWBRIDGE_DB: join(folder, 'never.db'),
      DRAWBRIDGE_DATABASE_URL: 'mysql://app:hunter2@db/app',
      DRAWBRIDGE_RETENTION_DAYS: 'forever',
    });
    expect(run.exitCode).toBe(1);
    expect(run.errorOutput.trimEnd().split('\n')).toEqual([
      expect.stringMatching(/^drawbridge sample-data: DRAWBRIDGE_DATABASE_URL must be a PostgreSQL URL/),
      expect.stringMatching(
        /^drawbridge sample-data: DRAWBRIDGE_RETENTION_DAYS must be a whole number of days/,
      ),
    ]);
    expect(run.errorOutput).not.toContain('hunter2');
    expect(existsSync(join(folder, 'never.db'))).toBe(false);
  });

  it('says in one line when the database cannot be written, with exit 1', async () => {
    // A file where a folder should be: unwritable even for root, which ignores permission bits.
    const notAFolder = join(folder, 'not-a-folder');
    writeFileSync(notAFolder, '');
    const run = await runSampleData([], { DRAWBRIDGE_DB: join(notAFolder, 'drawbridge.db') });
    expect(run.exitCode).toBe(1);
    expect(run.errorOutput).toMatch(/^drawbridge sample-data: .+\n$/);
    expect(run.errorOutput).not.toMatch(/\n\s+at /);
  });
});
