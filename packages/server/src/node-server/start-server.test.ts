import { readdir } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import { join } from 'node:path';
import { EventType } from '@drawbridge/protocol';
import { afterEach, describe, expect, it } from 'vitest';
import { findFreePort } from '../../../../test-support/free-port.ts';
import { parseConfig } from '../config/parse-config.ts';
import { gatedTestModel } from '../models/testing/gated-test-model.ts';
import { openStorage } from '../store/open-storage.ts';
import { finalEventOf, postRun, runIdOf } from '../testing/run-stream-reader.ts';
import { temporaryDirectory } from '../testing/temporary-directory.ts';
import { startServer } from './start-server.ts';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function listenOn(port: number): Promise<Server> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve(server));
  });
}

/** Whether nothing listens on the port any more: it can be taken (and is given back at once). */
async function isFree(port: number): Promise<boolean> {
  try {
    const server = await listenOn(port);
    await new Promise((resolve) => server.close(resolve));
    return true;
  } catch {
    return false;
  }
}

/** A server this test owns the database of (a SQLite file in a folder of its own) and the sandbox port of. */
async function ownedSetup(port: number) {
  const directory = await temporaryDirectory();
  cleanups.push(() => directory.remove());
  const sandboxPort = await findFreePort();
  const config = parseConfig({
    server: { port },
    store: { sqlitePath: join(directory.path, 'drawbridge.db') },
    mcp: { sandboxPort },
  });
  return { directory: directory.path, sandboxPort, config };
}

describe('startServer', () => {
  it('closes what it opened when the start fails: the sandbox server and the database', async () => {
    const taken = await listenOn(0);
    cleanups.push(() => new Promise((resolve) => taken.close(() => resolve())));
    const { port } = taken.address() as { port: number };
    const { directory, sandboxPort, config } = await ownedSetup(port);
    const starting = startServer({ config, model: gatedTestModel({ before: [] }), systemPrompt: 'test' });
    await expect(starting).rejects.toMatchObject({ code: 'EADDRINUSE' });
    expect(await isFree(sandboxPort)).toBe(true);
    // SQLite removes the write-ahead log and its index when the last connection closes.
    expect(await readdir(directory)).toEqual(['drawbridge.db']);
  });

  it('closes in reverse order: the runs end and are written before the database they write to closes', async () => {
    const { directory, sandboxPort, config } = await ownedSetup(0);
    const server = await startServer({
      config,
      model: gatedTestModel({ before: ['Said so far'] }),
      systemPrompt: 'test',
      logError: () => {},
    });
    cleanups.push(() => server.close());
    const threadId = 'closing';
    const reader = await postRun({ url: server.url, threadId });
    expect(reader.status).toBe(200);
    const runId = await runIdOf(reader);
    await reader.waitFor((item) => item.event.type === EventType.TEXT_MESSAGE_CONTENT);
    const closing = server.close();
    expect(server.close({ graceMs: 60_000 })).toBe(closing);
    expect((await finalEventOf(reader)).event).toMatchObject({
      type: EventType.RUN_ERROR,
      code: 'interrupted',
    });
    await closing;
    expect(await isFree(sandboxPort)).toBe(true);
    expect(await readdir(directory)).toEqual(['drawbridge.db']);
    const storage = await openStorage({ location: config.store.location });
    try {
      expect(await storage.store.getRun(runId)).toMatchObject({ status: 'interrupted' });
      expect((await storage.store.listMessages(threadId)).at(-1)?.content).toBe('Said so far');
    } finally {
      await storage.close();
    }
  });
});
