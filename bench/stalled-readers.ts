/**
 * What clients that never read cost the server: N raw sockets each start a run whose reply is `--reply-mb`
 * of prose (in `--piece-kb` pieces, as fast as the server takes them) and then read nothing. Prints the
 * server's RSS idle, at its peak, and once every run has ended while the sockets are still open, with how the
 * runs ended (a dropped client's run is `cancelled`). The server runs in this process; the sockets hold their
 * data in the kernel, not in RSS.
 * Run: npx tsx bench/stalled-readers.ts [--clients 20] [--reply-mb 1] [--piece-kb 1]
 */
import { connect, type Socket } from 'node:net';
import { parseArgs } from 'node:util';
import { parseConfig } from '../packages/server/src/config/parse-config.ts';
import { pacedTestModel } from '../packages/server/src/models/testing/test-models.ts';
import { startServer } from '../packages/server/src/node-server/start-server.ts';
import { openSqliteStore } from '../packages/server/src/store/index.ts';

const { values: flags } = parseArgs({
  options: {
    clients: { type: 'string', default: '20' },
    'piece-kb': { type: 'string', default: '1' },
    'reply-mb': { type: 'string', default: '1' },
  },
});

const clients = Number(flags.clients);
const pieceBytes = Number(flags['piece-kb']) * 1024;
const pieces = Math.ceil((Number(flags['reply-mb']) * 1024 * 1024) / pieceBytes);

const piece = 'x'.repeat(pieceBytes);
/** The reply's pieces, as fast as the server takes them. */
const floodingModel = () =>
  pacedTestModel({ pieces, intervalMs: 0, piece: () => piece, id: 'bench:flooding' });

const rssMb = () => process.memoryUsage.rss() / 1024 / 1024;

const store = await openSqliteStore({ path: ':memory:' });
const server = await startServer({
  config: parseConfig({ server: { port: 0 } }),
  store,
  model: floodingModel(),
  systemPrompt: 'bench',
  logError: () => {},
});
const { port } = new URL(server.url);
const threadIds = await Promise.all(
  Array.from({ length: clients }, async () => {
    const response = await fetch(`${server.url}/api/threads`, { method: 'POST' });
    return ((await response.json()) as { thread: { id: string } }).thread.id;
  }),
);
globalThis.gc?.();
const idle = rssMb();
let peak = idle;
const sampler = setInterval(() => {
  peak = Math.max(peak, rssMb());
}, 20);
const startedAt = performance.now();
const sockets: Socket[] = threadIds.map((threadId, index) => {
  const body = JSON.stringify({
    threadId,
    runId: `stalled-${index}`,
    messages: [{ id: `u-${index}`, role: 'user', content: 'flood' }],
  });
  const socket = connect({ host: '127.0.0.1', port: Number(port) });
  socket.pause();
  socket.on('error', () => {});
  socket.write(
    `POST /api/agent HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  );
  return socket;
});
for (;;) {
  const runs = await store.listRuns();
  if (runs.length === clients && runs.every((run) => run.status !== 'running')) break;
  await new Promise((resolve) => setTimeout(resolve, 50));
}
const seconds = (performance.now() - startedAt) / 1000;
const ended = rssMb();
clearInterval(sampler);
const statuses = new Map<string, number>();
for (const run of await store.listRuns()) statuses.set(run.status, (statuses.get(run.status) ?? 0) + 1);
console.log(`${clients} clients that never read, ${(pieces * pieceBytes) / 1024 / 1024} MB reply each`);
console.log(
  `RSS idle ${idle.toFixed(0)} MB, peak ${peak.toFixed(0)} MB, after the runs ended ${ended.toFixed(0)} MB ` +
    `(sockets still open); runs ended in ${seconds.toFixed(1)} s: ` +
    [...statuses].map(([status, count]) => `${count} ${status}`).join(', '),
);
for (const socket of sockets) socket.destroy();
await server.close();
await store.close();
