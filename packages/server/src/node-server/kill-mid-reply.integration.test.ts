import type { ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import {
  applyReplyEvent,
  EventType,
  emptyReplyMessage,
  messageListResponseSchema,
  replySegments,
  type SequencedRunEvent,
} from '@drawbridge/protocol';
import { afterEach, describe, expect, it } from 'vitest';
import { createPostgresTestDatabase } from '../../../../test-support/postgres-test-database.ts';
import { postRun, runIdOf } from '../testing/run-stream-reader.ts';
import { spawnInstance } from '../testing/spawn-instance.ts';
import { temporaryDirectory } from '../testing/temporary-directory.ts';

const children: ChildProcess[] = [];
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

/** Where each dialect keeps the database both processes open, one after the other. */
const databases = {
  sqlite: async () => {
    const folder = await temporaryDirectory();
    cleanups.push(folder.remove);
    return { DRAWBRIDGE_DB: join(folder.path, 'drawbridge.db') };
  },
  postgres: async () => ({ DRAWBRIDGE_DATABASE_URL: await createPostgresTestDatabase() }),
};

/** The widget markup a client drew from the events it received. */
function markupOf(events: readonly SequencedRunEvent[]): string {
  const messageId = events.find((item) => item.event.type === EventType.TEXT_MESSAGE_START)?.event;
  if (messageId?.type !== EventType.TEXT_MESSAGE_START) return '';
  const reply = events
    .map((item) => item.event)
    .reduce(applyReplyEvent, emptyReplyMessage(messageId.messageId));
  return replySegments(reply).find((segment) => segment.widget !== undefined)?.widget?.html ?? '';
}

describe.each(Object.keys(databases) as (keyof typeof databases)[])(
  'a server killed mid-reply (%s)',
  (dialect) => {
    it('keeps every widget character its client had received, once another process takes over', async () => {
      const database = await databases[dialect]();
      // The demo model, slow enough that the kill lands while the widget's markup streams.
      const first = await spawnInstance({ ...database, DRAWBRIDGE_DEMO_PACE: '400' });
      children.push(first.child);
      const thread = await (await fetch(`${first.url}/api/threads`, { method: 'POST' })).json();
      const run = await postRun({ url: first.url, threadId: thread.thread.id, text: 'a tally counter' });
      const runId = await runIdOf(run);
      await run.waitFor(() => markupOf(run.events).length >= 200);
      first.child.kill('SIGKILL');
      await run.finished;
      const received = markupOf(run.events);
      expect(run.events.some((item) => item.event.type === EventType.RUN_FINISHED)).toBe(false);

      // A new process on the same database: its start-up sweep ends the run and keeps what it had.
      const second = await spawnInstance(database);
      children.push(second.child);
      const stored = messageListResponseSchema.parse(
        await (await fetch(`${second.url}/api/threads/${thread.thread.id}/messages`)).json(),
      );
      const widget = stored.messages.find((message) => message.widget !== undefined)?.widget;
      expect(stored.activeRun).toBeNull();
      const record = await (await fetch(`${second.url}/api/runs/${runId}`)).json();
      expect(record).toMatchObject({ run: { status: 'interrupted' } });
      expect(received.length).toBeGreaterThanOrEqual(200);
      expect(widget?.html.slice(0, received.length)).toBe(received);
    }, 60_000);
  },
);
