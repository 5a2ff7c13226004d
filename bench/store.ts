/**
 * What one store call costs on each database: appending a user message, rewriting a growing assistant
 * message (content and widget, as a durable run stores it), reading a 500-message thread, and a run record's
 * start and finish. SQLite runs in memory and on a file; PostgreSQL is the server in DRAWBRIDGE_DATABASE_URL
 * or, without it, a throwaway local one (Debian's postgresql package) started and removed by the bench.
 * Run: npx tsx bench/store.ts [--operations 500]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { type DatabaseLocation, openStorage, type Store } from '../packages/server/src/store/index.ts';
import { startThrowawayPostgres } from '../test-support/throwaway-postgres.ts';
import { percentile } from './support/statistics.ts';

const { values: flags } = parseArgs({
  options: {
    operations: { type: 'string', default: '500' },
  },
});

const operationCount = Number(flags.operations);

async function timed(samples: number[], work: () => Promise<unknown>): Promise<void> {
  const start = performance.now();
  await work();
  samples.push(performance.now() - start);
}

async function measure(store: Store): Promise<Record<string, number[]>> {
  const samples: Record<string, number[]> = {
    append: [],
    'grow update': [],
    'list 500': [],
    'run start+finish': [],
  };
  await store.createThread({ id: 'bench' });
  for (let index = 0; index < operationCount; index += 1) {
    await timed(samples.append!, () =>
      store.appendMessage({ id: `u${index}`, threadId: 'bench', role: 'user', content: `message ${index}` }),
    );
  }
  await store.appendMessage({ id: 'growing', threadId: 'bench', role: 'assistant', content: '' });
  let prose = '';
  for (let index = 0; index < operationCount; index += 1) {
    prose += 'Another sentence of the streamed reply. ';
    const widget = {
      id: 'w1',
      height: 320,
      css: '.a{}',
      html: `<div>${prose}</div>`,
      js: '',
      complete: false,
    };
    await timed(samples['grow update']!, () => store.updateMessage('growing', { content: prose, widget }));
  }
  for (let index = 0; index < 50; index += 1) {
    await timed(samples['list 500']!, () => store.listMessages('bench'));
  }
  for (let index = 0; index < operationCount; index += 1) {
    await timed(samples['run start+finish']!, async () => {
      await store.startRun({ id: `r${index}`, threadId: 'bench', model: 'bench' });
      await store.finishRun(`r${index}`, { status: 'finished', inputTokens: 10, outputTokens: 5 });
    });
  }
  return samples;
}

async function createBenchDatabase(adminUrl: string): Promise<string> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  const name = `bench_${Date.now()}`;
  await client.query(`CREATE DATABASE ${name}`);
  await client.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

const folder = mkdtempSync(join(tmpdir(), 'drawbridge-bench-store-'));
const configuredUrl = process.env.DRAWBRIDGE_DATABASE_URL;
const throwaway = configuredUrl ? undefined : await startThrowawayPostgres();
try {
  const targets: Array<[string, DatabaseLocation]> = [
    ['SQLite :memory:', { dialect: 'sqlite', path: ':memory:' }],
    ['SQLite file (WAL)', { dialect: 'sqlite', path: join(folder, 'bench.db') }],
    [
      configuredUrl ? 'PostgreSQL (DRAWBRIDGE_DATABASE_URL)' : 'PostgreSQL (local throwaway, fsync off)',
      { dialect: 'postgres', url: configuredUrl ?? (await createBenchDatabase(throwaway!.adminUrl)) },
    ],
  ];
  console.log(`${operationCount} operations each (list: 50 reads of a ${operationCount + 1}-message thread)`);
  for (const [label, location] of targets) {
    const storage = await openStorage({ location });
    const samples = await measure(storage.store);
    await storage.close();
    const cells = Object.entries(samples).map(([name, values]) => {
      const sorted = [...values].sort((left, right) => left - right);
      return `${name} p50 ${percentile(sorted, 0.5).toFixed(3)} / p99 ${percentile(sorted, 0.99).toFixed(3)} ms`;
    });
    console.log(`${label.padEnd(40)} ${cells.join(' | ')}`);
  }
} finally {
  await throwaway?.stop();
  rmSync(folder, { recursive: true, force: true });
}
