import { runEvents } from '@drawbridge/protocol';
import { describe, expect, it } from 'vitest';
import { InProcessRunLog } from './in-process-run-log.ts';
import type { LoggedRunEvent } from './run-log.ts';

async function collect(iterable: AsyncIterable<LoggedRunEvent>): Promise<LoggedRunEvent[]> {
  const items: LoggedRunEvent[] = [];
  for await (const item of iterable) items.push(item);
  return items;
}

const started = runEvents.runStarted({ threadId: 't', runId: 'r' });
const finished = runEvents.runFinished({ threadId: 't', runId: 'r' });

describe('InProcessRunLog', () => {
  it('numbers events from 1, replays after a seq, follows live and returns after the final event', async () => {
    const log = new InProcessRunLog();
    const writer = log.create('r');
    writer.append(started);
    writer.append(runEvents.textContent({ messageId: 'm', delta: 'a' }));
    const following = collect(log.follow({ runId: 'r', after: 1, signal: new AbortController().signal }));
    writer.append(runEvents.textContent({ messageId: 'm', delta: 'b' }));
    writer.append(finished);
    writer.append(runEvents.textContent({ messageId: 'm', delta: 'after the end' }));
    expect((await following).map((item) => item.seq)).toEqual([2, 3, 4]);
    expect(writer.ended).toBe(true);
    expect(
      (await collect(log.follow({ runId: 'r', after: 0, signal: new AbortController().signal }))).length,
    ).toBe(4);
  });

  it('ends an abandoned log once, and stops a follower when its signal aborts', async () => {
    const log = new InProcessRunLog();
    log.create('r').append(started);
    const controller = new AbortController();
    const waiting = collect(log.follow({ runId: 'r', after: 1, signal: controller.signal }));
    controller.abort();
    expect(await waiting).toEqual([]);
    await log.endAbandoned('r', runEvents.runError({ message: 'gone', code: 'interrupted' }));
    await log.endAbandoned('r', runEvents.runError({ message: 'twice', code: 'interrupted' }));
    const all = await collect(log.follow({ runId: 'r', after: 0, signal: new AbortController().signal }));
    expect(all.map((item) => item.event.type)).toEqual(['RUN_STARTED', 'RUN_ERROR']);
  });

  it('forgets ended runs after the retention time, and the oldest beyond the capacity', async () => {
    let now = 0;
    const log = new InProcessRunLog({ retentionMs: 1_000, endedCapacity: 2, now: () => now });
    for (const runId of ['a', 'b', 'c']) {
      const writer = log.create(runId);
      writer.append(started);
      writer.append(finished);
    }
    expect(await Promise.all(['a', 'b', 'c'].map((runId) => log.exists(runId)))).toEqual([false, true, true]);
    const running = log.create('d');
    running.append(started);
    now = 5_000;
    expect(await Promise.all(['b', 'c', 'd'].map((runId) => log.exists(runId)))).toEqual([
      false,
      false,
      true,
    ]);
  });
});
