/**
 * How long SQLite's WAL checkpoints hold up the event loop of a server that writes steadily: `--replies`
 * assistant replies grow at once on a SQLite file, each rewritten every `--every-ms` as a streaming run
 * stores it, for `--seconds`. Prints the writes made, the event loop's delay (p50, p99, max: a checkpoint on
 * the loop shows as one long delay), the WAL file's largest size seen, and how full the database file got.
 * Run: npx tsx bench/wal-checkpoints.ts [--replies 200] [--every-ms 20] [--seconds 5]
 */
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { openSqliteStore } from '../packages/server/src/store/index.ts';

const { values: flags } = parseArgs({
  options: {
    replies: { type: 'string', default: '200' },
    'every-ms': { type: 'string', default: '20' },
    seconds: { type: 'string', default: '5' },
  },
});
const replyCount = Number(flags.replies);
const everyMs = Number(flags['every-ms']);
const seconds = Number(flags.seconds);

const folder = mkdtempSync(join(tmpdir(), 'drawbridge-wal-bench-'));
const path = join(folder, 'drawbridge.db');
const bytesOf = (file: string) => {
  try {
    return statSync(file).size;
  } catch {
    return 0;
  }
};
const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

try {
  const store = await openSqliteStore({ path });
  const replies = await Promise.all(
    Array.from({ length: replyCount }, async (_, index) => {
      const thread = await store.createThread({});
      const id = `reply-${index}`;
      await store.appendMessage({ id, threadId: thread.id, role: 'assistant', content: '' });
      return id;
    }),
  );
  const loopDelay = monitorEventLoopDelay({ resolution: 1 });
  loopDelay.enable();
  let writes = 0;
  let largestWal = 0;
  // Sampled on a timer, not after each write: a stat per write would add its own load to the loop measured.
  const walSampler = setInterval(() => {
    largestWal = Math.max(largestWal, bytesOf(`${path}-wal`));
  }, 20);
  const endAt = Date.now() + seconds * 1000;
  // Each reply grows by a sentence per write, and starts over at about 4 KB, as a new reply would.
  await Promise.all(
    replies.map(async (id) => {
      let prose = '';
      while (Date.now() < endAt) {
        prose = prose.length > 4_000 ? '' : `${prose}Another sentence of the streamed reply. `;
        await store.updateMessage(id, { content: prose }, { inProgress: true });
        writes += 1;
        await new Promise((resolve) => setTimeout(resolve, everyMs));
      }
    }),
  );
  clearInterval(walSampler);
  loopDelay.disable();
  const ms = (nanoseconds: number) => `${(nanoseconds / 1e6).toFixed(1)} ms`;
  console.log(`${replyCount} replies rewritten every ${everyMs} ms for ${seconds} s on a SQLite file`);
  console.log(`writes          ${writes} (${Math.round(writes / seconds)}/s)`);
  console.log(
    `loop delay      p50 ${ms(loopDelay.percentile(50))}, p99 ${ms(loopDelay.percentile(99))}, max ${ms(loopDelay.max)}`,
  );
  console.log(`largest WAL     ${megabytes(largestWal)}`);
  console.log(`database file   ${megabytes(bytesOf(path))} before closing`);
  await store.close();
} finally {
  rmSync(folder, { recursive: true, force: true });
}
