/**
 * What chat search costs on the embedded SQLite store: `--threads` chats of `--messages` messages of about
 * 2 KB each, searched for a word in a few of them, a word in none, and a word whose capital beyond ASCII
 * only the store's own `lower` folds (SQLite's finds no "übersee" in "ÜBERSEE"). Search scans every user
 * and assistant message, so this is the cost of that scan, per query.
 * Run: npx tsx bench/search.ts [--threads 1000] [--messages 10] [--queries 20]
 */
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { openSqliteStore } from '../packages/server/src/store/index.ts';
import { median, percentile } from './support/statistics.ts';

const { values: flags } = parseArgs({
  options: {
    threads: { type: 'string', default: '1000' },
    messages: { type: 'string', default: '10' },
    queries: { type: 'string', default: '20' },
  },
});
const threadCount = Number(flags.threads);
const messagesPerThread = Number(flags.messages);
const queryCount = Number(flags.queries);

const sentence = 'The quarterly numbers rose again, and the chart shows every region side by side. ';
const store = await openSqliteStore({ path: ':memory:' });
for (let thread = 0; thread < threadCount; thread += 1) {
  const threadId = `t${thread}`;
  await store.createThread({ id: threadId, title: `Chat ${thread}` });
  for (let message = 0; message < messagesPerThread; message += 1) {
    // One chat in a hundred mentions each rare word, in its last message.
    const rare =
      message === messagesPerThread - 1 && thread % 100 === 0 ? ' ÜBERSEE and Overbrook were named. ' : '';
    await store.appendMessage({
      id: `${threadId}-m${message}`,
      threadId,
      role: message % 2 === 0 ? 'user' : 'assistant',
      content: `${sentence.repeat(24)}${rare}`,
    });
  }
}

console.log(
  `${threadCount} chats × ${messagesPerThread} messages of ${sentence.length * 24} characters; ${queryCount} searches each\n`,
);
console.log('query      | found | p50 ms | p99 ms');
console.log('---------- | ----- | ------ | ------');
for (const query of ['overbrook', 'übersee', 'nowhere']) {
  const samples: number[] = [];
  let found = 0;
  for (let index = 0; index < queryCount; index += 1) {
    const startedAt = performance.now();
    found = (await store.searchThreads({ query, limit: 50 })).length;
    samples.push(performance.now() - startedAt);
  }
  samples.sort((left, right) => left - right);
  console.log(
    [
      query.padEnd(10),
      String(found).padStart(5),
      median(samples).toFixed(1).padStart(6),
      percentile(samples, 0.99).toFixed(1).padStart(6),
    ].join(' | '),
  );
}
await store.close();
