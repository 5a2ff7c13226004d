import { execFileSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { buildRunAgentInput } from '@drawbridge/protocol';
import { afterEach, describe, expect, it } from 'vitest';
import { parseConfig } from '../config/parse-config.ts';
import { pacedTestModel } from '../models/testing/test-models.ts';
import { openSqliteStore } from '../store/index.ts';
import { startServer } from './start-server.ts';

/**
 * The SQLite file on a real full filesystem: a 3 MB tmpfs mounted for the test (so the tests run as root, as
 * CI does), filled up with a file, and freed by deleting it. Not a simulation with `max_page_count`: the WAL,
 * its checkpoints and the temporary files all meet the full disk as they would in production.
 */
describe('SQLite on a full disk', () => {
  const cleanups: Array<() => Promise<void>> = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  const pieces = 300;
  const pieceText = (index: number) => `piece ${index}. `.repeat(20);

  async function serverOnSmallDisk() {
    const directory = await mkdtemp(join(tmpdir(), 'drawbridge-full-disk-'));
    try {
      execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=3m', 'tmpfs', directory], { stdio: 'pipe' });
    } catch (error) {
      await rm(directory, { recursive: true, force: true });
      throw new Error(`These tests mount a small tmpfs and so must run as root: ${String(error)}`);
    }
    cleanups.push(async () => {
      execFileSync('umount', ['--lazy', directory]);
      await rm(directory, { recursive: true, force: true });
    });
    const path = join(directory, 'drawbridge.db');
    const store = await openSqliteStore({ path });
    const logged: string[] = [];
    const server = await startServer({
      systemPrompt: 'test',
      logError: (message) => logged.push(message),
      model: pacedTestModel({ pieces, intervalMs: 3, piece: pieceText, id: 'paced' }),
      config: parseConfig({ server: { port: 0, host: '127.0.0.1' } }),
      store,
    });
    cleanups.push(async () => {
      await server.close();
      await store.close();
    });
    const filler = join(directory, 'filler');
    return {
      store,
      logged,
      /** Writes a file until the filesystem has no block left. */
      async fill() {
        await expect(writeFile(filler, Buffer.alloc(8 * 1024 * 1024))).rejects.toMatchObject({
          code: 'ENOSPC',
        });
      },
      async free() {
        await rm(filler);
      },
      integrity() {
        const database = new DatabaseSync(path, { readOnly: true });
        try {
          return database.prepare('PRAGMA integrity_check').all();
        } finally {
          database.close();
        }
      },
      createThread: async () => {
        const response = await fetch(`${server.url}/api/threads`, { method: 'POST' });
        return { status: response.status, body: (await response.json()) as Record<string, unknown> };
      },
      run: async (threadId: string, runNumber: number, text = 'go') => {
        const response = await fetch(`${server.url}/api/agent`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Accept: 'application/x-ndjson' },
          body: JSON.stringify(
            buildRunAgentInput({
              threadId,
              runId: `run-${runNumber}`,
              userMessageId: `user-${runNumber}`,
              text,
            }),
          ),
        });
        return { status: response.status, text: await response.text() };
      },
    };
  }

  it('answers a write with 507 storage_full while the disk is full, corrupts nothing, and writes again once space returns', async () => {
    const disk = await serverOnSmallDisk();
    const created = await disk.createThread();
    expect(created.status).toBe(201);
    const threadId = (created.body.thread as { id: string }).id;

    await disk.fill();
    const storageFull = {
      error: {
        code: 'storage_full',
        message: "The server's storage is full, so nothing was saved. Try again once space is freed.",
      },
    };
    // A user message bigger than any space the database's own files still hold free.
    const refusedRun = await disk.run(threadId, 1, 'A long question. '.repeat(40_000));
    expect(refusedRun.status).toBe(507);
    expect(JSON.parse(refusedRun.text)).toEqual(storageFull);
    // Small writes may still fit in pages the WAL freed; each is stored or refused, never a 500.
    const statuses: number[] = [];
    while (statuses.at(-1) !== 507 && statuses.length < 2000)
      statuses.push((await disk.createThread()).status);
    expect(new Set(statuses)).toEqual(new Set(statuses.length === 1 ? [507] : [201, 507]));
    expect(await disk.createThread()).toEqual({ status: 507, body: storageFull });
    expect(disk.integrity()).toEqual([{ integrity_check: 'ok' }]);

    await disk.free();
    expect((await disk.createThread()).status).toBe(201);
    // A start refused after it claimed the thread gives the claim back once the store takes writes again
    // (until then the thread answers 409 run_in_progress, as for any running run).
    let runNumber = 2;
    let run = { status: 0, text: '' };
    await expect
      .poll(async () => {
        run = await disk.run(threadId, runNumber++);
        return run.status;
      })
      .toBe(200);
    expect(run.text).toContain('"RUN_FINISHED"');
    const runStatuses = (await disk.store.listRuns()).map((record) => record.status);
    expect(runStatuses.at(-1)).toBe('finished');
    expect(runStatuses.filter((status) => status !== 'error')).toEqual(['finished']);
    expect(disk.integrity()).toEqual([{ integrity_check: 'ok' }]);
  }, 60_000);

  it('holds a run the disk fills under until space returns, then finishes it with nothing lost', async () => {
    const disk = await serverOnSmallDisk();
    const threadId = ((await disk.createThread()).body.thread as { id: string }).id;
    const running = disk.run(threadId, 1);
    // Full while the model is still writing: the run's events wait for the store, none is sent unstored.
    await expect
      .poll(async () => (await disk.store.listRuns()).map((record) => record.status), { interval: 5 })
      .toEqual(['running']);
    await disk.fill();
    await expect
      .poll(() => disk.logged.some((message) => message.startsWith('could not store the events')), {
        timeout: 15_000,
      })
      .toBe(true);
    expect(disk.integrity()).toEqual([{ integrity_check: 'ok' }]);

    await disk.free();
    const run = await running;
    expect(run.text).toContain('"RUN_FINISHED"');
    const prose = Array.from({ length: pieces }, (_, index) => pieceText(index)).join('');
    const sent = run.text
      .split('\n')
      .filter((line) => line.includes('"TEXT_MESSAGE_CONTENT"'))
      .map((line) => (JSON.parse(line) as { delta: string }).delta)
      .join('');
    expect(sent).toBe(prose);
    const messages = await disk.store.listMessages(threadId);
    expect(messages.at(-1)?.content).toBe(prose);
    expect((await disk.store.listRuns()).map((record) => record.status)).toEqual(['finished']);
    expect(disk.integrity()).toEqual([{ integrity_check: 'ok' }]);
  }, 60_000);
});
