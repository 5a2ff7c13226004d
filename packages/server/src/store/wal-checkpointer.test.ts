import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openDatabase } from './open-database.ts';
import { startWalCheckpointer } from './wal-checkpointer.ts';

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

function newFolder(): string {
  const folder = mkdtempSync(join(tmpdir(), 'drawbridge-wal-'));
  folders.push(folder);
  return folder;
}

const fileBytes = (path: string) => statSync(path).size;
const row = 'x'.repeat(3_000);

describe('WAL checkpoints of a SQLite file', () => {
  it('are made by a worker that closes with the database: commits leave the file alone, which fills while the loop idles', async () => {
    const path = join(newFolder(), 'drawbridge.db');
    const database = await openDatabase({ location: { dialect: 'sqlite', path } });
    try {
      await sql`create table filler (body text not null)`.execute(database.kysely);
      const before = fileBytes(path);
      // About 1,500 pages: past SQLite's default automatic checkpoint (1,000), short of the backstop.
      for (let index = 0; index < 1_500; index += 1) {
        await sql`insert into filler (body) values (${row})`.execute(database.kysely);
      }
      // No commit checkpointed: the rows are all in the WAL, none in the file yet.
      expect(fileBytes(path) - before).toBeLessThan(100 * 4096);
      expect(fileBytes(`${path}-wal`)).toBeGreaterThan(1_500 * 3_000);
      // The worker's work, on its own thread: waited for, not timed.
      await vi.waitFor(() => expect(fileBytes(path) - before).toBeGreaterThan(1_500 * 3_000), {
        timeout: 10_000,
      });
    } finally {
      await database.close();
    }
    // Closing stopped the worker too: the last connection to close removes the WAL, and the worker's, left
    // open, would have kept it.
    expect(existsSync(`${path}-wal`)).toBe(false);
  });

  it('let a process that closes its database at the end wait for the worker to stop', async () => {
    const path = join(newFolder(), 'drawbridge.db');
    // Nothing else keeps this process alive while `close` waits for the worker, which never holds it open.
    const script = `
      const { openDatabase } = await import(${JSON.stringify(new URL('./open-database.ts', import.meta.url).href)});
      const database = await openDatabase({ location: { dialect: 'sqlite', path: ${JSON.stringify(path)} } });
      await database.kysely.schema.createTable('filler').addColumn('body', 'text').execute();
      // Long enough for the worker to be up and checkpointing, as in any process that did some work.
      await new Promise((resolve) => setTimeout(resolve, 500));
      await database.close();
      console.log('closed');
    `;
    // `--input-type`, which a worker would inherit and then refuse its file with, as the checkpoint worker
    // did until it was started without the process's flags.
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [
      '--input-type=module',
      '-e',
      script,
    ]);
    expect(stderr).toBe('');
    expect(stdout.trim()).toBe('closed');
    expect(existsSync(`${path}-wal`)).toBe(false);
  });

  it('start the WAL over once the worker copied a long one, on the connection that writes', async () => {
    const path = join(newFolder(), 'drawbridge.db');
    const connection = new DatabaseSync(path);
    // A WAL that starts over is cut to nothing, so its size shows whether it did.
    connection.exec(
      'PRAGMA journal_mode = WAL; PRAGMA wal_autocheckpoint = 0; PRAGMA journal_size_limit = 0; create table filler (body text not null)',
    );
    const insert = connection.prepare('insert into filler (body) values (?)');
    // Busy when it met the worker's own pass; the worker then reports again, while the WAL stays long.
    const results: Array<{ busy: number }> = [];
    const checkpointHere = async () => {
      results.push(connection.prepare('PRAGMA wal_checkpoint(PASSIVE)').get() as unknown as { busy: number });
    };
    const reportError = vi.fn();
    const checkpointer = startWalCheckpointer({
      path,
      intervalMs: 20,
      restartFrames: 100,
      checkpointHere,
      reportError,
    });
    try {
      for (let index = 0; index < 300; index += 1) insert.run(row);
      const longest = fileBytes(`${path}-wal`);
      await vi.waitFor(() => expect(results.some((result) => result.busy === 0)).toBe(true), {
        timeout: 10_000,
      });
      insert.run(row);
      expect(fileBytes(`${path}-wal`)).toBeLessThan(longest / 10);
      expect(reportError).not.toHaveBeenCalled();
    } finally {
      await checkpointer.stop();
      connection.close();
    }
  });

  it('report a worker that cannot open the file, and stopping it still resolves', async () => {
    const folder = newFolder();
    const reportError = vi.fn();
    const checkpointer = startWalCheckpointer({
      // A folder is no database file.
      path: folder,
      checkpointHere: async () => {},
      reportError,
    });
    await vi.waitFor(() => expect(reportError).toHaveBeenCalled(), { timeout: 10_000 });
    expect(reportError.mock.calls[0]?.[0]).toContain(folder);
    await expect(checkpointer.stop()).resolves.toBeUndefined();
  });
});
