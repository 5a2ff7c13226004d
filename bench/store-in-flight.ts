/**
 * What each store call of a run costs on the embedded SQLite, one at a time and with N calls in flight at once
 * (as when N runs start together). Each line is the mean per call: wall time and this process's CPU time.
 * In flight at once, a call should cost about what it costs alone: the connection is lent to one call at a
 * time (`ConnectionQueue`), and waiting for it costs nothing.
 * Run: npx tsx bench/store-in-flight.ts [--count 3000]
 */
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { openSqliteStore } from '../packages/server/src/store/index.ts';

const { values } = parseArgs({ options: { count: { type: 'string', default: '3000' } } });
const count = Number(values.count);
const store = await openSqliteStore({ path: ':memory:' });
const threads = await Promise.all(Array.from({ length: count }, () => store.createThread({})));

async function measure(label: string, inFlight: boolean, call: (index: number) => Promise<unknown>) {
  const startedAt = performance.now();
  const cpuBefore = process.cpuUsage();
  if (inFlight) await Promise.all(Array.from({ length: count }, (_, index) => call(index)));
  else for (let index = 0; index < count; index += 1) await call(index);
  const cpu = process.cpuUsage(cpuBefore);
  const wallUs = ((performance.now() - startedAt) * 1000) / count;
  const cpuUs = (cpu.user + cpu.system) / count;
  console.log(
    [
      label.padEnd(23),
      (inFlight ? 'at once' : 'alone').padEnd(7),
      wallUs.toFixed(1).padStart(7),
      cpuUs.toFixed(1).padStart(7),
    ].join(' | '),
  );
}

console.log(`${count} calls of each kind, on ${count} threads\n`);
console.log('call                    | how     | wall µs | cpu µs');
console.log('----------------------- | ------- | ------- | ------');
for (const inFlight of [false, true]) {
  const tag = inFlight ? 'at-once' : 'alone';
  const threadId = (index: number) => threads[index]!.id;
  await measure('getThread', inFlight, (index) => store.getThread(threadId(index)));
  await measure('startRun', inFlight, (index) =>
    store.startRun({ id: `run-${tag}-${index}`, threadId: threadId(index), model: 'bench' }),
  );
  await measure('appendMessage (user)', inFlight, (index) =>
    store.appendMessage({
      id: `user-${tag}-${index}`,
      threadId: threadId(index),
      role: 'user',
      content: 'Chart our signups by week',
    }),
  );
  await measure('listMessages', inFlight, (index) => store.listMessages(threadId(index)));
  await measure('appendMessage (reply)', inFlight, (index) =>
    store.appendMessage({
      id: `reply-${tag}-${index}`,
      threadId: threadId(index),
      role: 'assistant',
      content: 'x'.repeat(400),
    }),
  );
  await measure('updateMessage', inFlight, (index) =>
    store.updateMessage(`reply-${tag}-${index}`, { content: 'y'.repeat(800) }),
  );
  await measure('finishRun', inFlight, (index) =>
    store.finishRun(`run-${tag}-${index}`, { status: 'finished' }),
  );
}
await store.close();
