/**
 * Faults a streaming reply cannot be allowed to lose: the server killed with SIGKILL mid-widget, N times, on
 * SQLite and on PostgreSQL. Each round starts `drawbridge serve` (the demo model, paced) on the same database,
 * streams a widget reply to a client, kills the server once the client has received a chosen number of
 * markup characters, and starts the next server, whose start-up sweep ends the run and stores its reply from
 * the stored run log. A row per kill: the markup characters the client received, those the thread holds
 * afterwards, and whether what the client received is exactly the start of what is stored (it must be: an
 * event is stored before any client is sent it). Stored may run a little ahead: events stored in the same
 * commit whose socket write the kill cut off.
 * Run: npx tsx bench/fault-kill.ts [--kills 10] [--dialect sqlite,postgres] [--pace 400]
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { createSeededRandom } from '@drawbridge/protocol';
import pg from 'pg';
import { postRun } from '../packages/server/src/testing/run-stream-reader.ts';
import { spawnInstance } from '../packages/server/src/testing/spawn-instance.ts';
import { startThrowawayPostgres } from '../test-support/throwaway-postgres.ts';
import { markupOf, storedMarkup } from './support/widget-markup.ts';

const { values } = parseArgs({
  options: {
    kills: { type: 'string', default: '10' },
    dialect: { type: 'string', default: 'sqlite,postgres' },
    pace: { type: 'string', default: '400' },
  },
});
const kills = Number(values.kills);
const random = createSeededRandom(35);

/** Where each dialect keeps the database every server of the run opens in turn. */
async function databaseFor(
  dialect: string,
): Promise<{ env: Record<string, string>; remove(): Promise<void> }> {
  if (dialect === 'sqlite') {
    const folder = mkdtempSync(join(tmpdir(), 'drawbridge-fault-kill-'));
    return {
      env: { DRAWBRIDGE_DB: join(folder, 'drawbridge.db') },
      remove: async () => rmSync(folder, { recursive: true, force: true }),
    };
  }
  const postgres = await startThrowawayPostgres();
  const client = new pg.Client({ connectionString: postgres.adminUrl });
  await client.connect();
  await client.query('CREATE DATABASE fault_kill');
  await client.end();
  const url = new URL(postgres.adminUrl);
  url.pathname = '/fault_kill';
  return { env: { DRAWBRIDGE_DATABASE_URL: url.toString() }, remove: () => postgres.stop() };
}

async function killRounds(dialect: string): Promise<boolean> {
  const database = await databaseFor(dialect);
  const children: ChildProcess[] = [];
  let allKept = true;
  try {
    console.log(`\n${dialect}: ${kills} kills mid-widget (demo model at ${values.pace} tokens/s)\n`);
    console.log('kill | received | stored | extra stored | received kept');
    console.log('---- | -------- | ------ | ------------ | -------------');
    let server = await spawnInstance({ ...database.env, DRAWBRIDGE_DEMO_PACE: values.pace });
    children.push(server.child);
    for (let kill = 1; kill <= kills; kill += 1) {
      const thread = await (await fetch(`${server.url}/api/threads`, { method: 'POST' })).json();
      const threadId: string = thread.thread.id;
      // The demo's request-flow diagram: about 3,700 characters of markup to cut anywhere.
      const run = await postRun({ url: server.url, threadId, text: 'a request flow diagram' });
      const threshold = 40 + Math.floor(random() * 3_400);
      await run.waitFor(() => markupOf(run.events).length >= threshold);
      server.child.kill('SIGKILL');
      await run.finished;
      const received = markupOf(run.events);
      server = await spawnInstance({ ...database.env, DRAWBRIDGE_DEMO_PACE: values.pace });
      children.push(server.child);
      const stored = await storedMarkup(server.url, threadId);
      const kept = stored.startsWith(received);
      allKept &&= kept;
      console.log(
        [
          String(kill).padStart(4),
          String(received.length).padStart(8),
          String(stored.length).padStart(6),
          String(stored.length - received.length).padStart(12),
          (kept ? 'yes' : 'NO').padStart(13),
        ].join(' | '),
      );
    }
  } finally {
    for (const child of children) child.kill('SIGKILL');
    await database.remove();
  }
  return allKept;
}

let everyKillKept = true;
for (const dialect of values.dialect.split(',')) everyKillKept = (await killRounds(dialect)) && everyKillKept;
console.log(`\nevery character a client received was stored: ${everyKillKept ? 'yes' : 'NO'}`);
if (!everyKillKept) process.exitCode = 1;
