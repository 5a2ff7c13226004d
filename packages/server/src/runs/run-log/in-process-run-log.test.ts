import { runEvents } from '@drawbridge/protocol';
import { describe, expect, it } from 'vitest';
import { InProcessRunLog } from './in-process-run-log.ts';
import type { LoggedRunEvent } from './run-log.ts';

/** Follows a run to its end (or its signal's abort) and resolves with what the follower was handed. */
async function collect(
  log: InProcessRunLog,
  {
    runId = 'r',
    after,
    signal = new AbortController().signal,
  }: { runId?: string; after: number; signal?: AbortSignal },
): Promise<LoggedRunEvent[]> {
  const items: LoggedRunEvent[] = [];
  await log.follow({ runId, after, signal, onEvent: (item) => items.push(item) });
  return items;
}

/** A follower from seq 1 on whose `onEvent` throws, as a bug in a response's writer would. */
function followThrowing(log: InProcessRunLog): Promise<void> {
  return log.follow({
    runId: 'r',
    after: 1,
    signal: new AbortController().signal,
    onEvent: () => {
      throw new Error('follower bug');
    },
  });
}

const started = runEvents.runStarted({ threadId: 't', runId: 'r' });
const finished = runEvents.runFinished({ threadId: 't', runId: 'r' });

describe('InProcessRunLog', () => {
  it('numbers events from 1, replays after a seq, follows live and returns after the final event', async () => {
    const log = new InProcessRunLog();
    const writer = log.create('r');
    writer.append(started);
    writer.append(runEvents.textContent({ messageId: 'm', delta: 'a' }));
    const following = collect(log, { after: 1 });
    writer.append(runEvents.textContent({ messageId: 'm', delta: 'b' }));
    writer.append(finished);
    writer.append(runEvents.textContent({ messageId: 'm', delta: 'after the end' }));
    expect((await following).map((item) => item.seq)).toEqual([2, 3, 4]);
    expect(writer.ended).toBe(true);
    expect((await collect(log, { after: 0 })).length).toBe(4);
  });

  it('ends an abandoned log once, and stops a follower when its signal aborts', async () => {
    const log = new InProcessRunLog();
    log.create('r').append(started);
    const controller = new AbortController();
    const waiting = collect(log, { after: 1, signal: controller.signal });
    controller.abort();
    expect(await waiting).toEqual([]);
    await log.endAbandoned('r', runEvents.runError({ message: 'gone', code: 'interrupted' }));
    await log.endAbandoned('r', runEvents.runError({ message: 'twice', code: 'interrupted' }));
    const all = await collect(log, { after: 0 });
    expect(all.map((item) => item.event.type)).toEqual(['RUN_STARTED', 'RUN_ERROR']);
  });

  it('hands each append to its live followers before append returns', () => {
    const log = new InProcessRunLog();
    const writer = log.create('r');
    writer.append(started);
    const seen: number[] = [];
    void log.follow({
      runId: 'r',
      after: 0,
      signal: new AbortController().signal,
      onEvent: ({ seq }) => seen.push(seq),
    });
    expect(seen).toEqual([1]);
    writer.append(runEvents.textContent({ messageId: 'm', delta: 'a' }));
    expect(seen).toEqual([1, 2]);
  });

  it('rejects the follow of a follower that throws, and the run and its other followers go on', async () => {
    const log = new InProcessRunLog();
    const writer = log.create('r');
    writer.append(started);
    const failing = followThrowing(log);
    const healthy = collect(log, { after: 0 });
    writer.append(runEvents.textContent({ messageId: 'm', delta: 'a' }));
    writer.append(finished);
    await expect(failing).rejects.toThrow('follower bug');
    expect((await healthy).map((item) => item.seq)).toEqual([1, 2, 3]);
  });

  it('rejects the follow of a lone follower that throws, and the run goes on for a later follower', async () => {
    const log = new InProcessRunLog();
    const writer = log.create('r');
    writer.append(started);
    const failing = followThrowing(log);
    writer.append(runEvents.textContent({ messageId: 'm', delta: 'a' }));
    await expect(failing).rejects.toThrow('follower bug');
    const later = collect(log, { after: 0 });
    writer.append(finished);
    expect((await later).map((item) => item.seq)).toEqual([1, 2, 3]);
  });

  it('hands an event once to a follower that starts while another is handed it', async () => {
    const log = new InProcessRunLog();
    const writer = log.create('r');
    writer.append(started);
    let late: Promise<LoggedRunEvent[]> | undefined;
    const early = log.follow({
      runId: 'r',
      after: 1,
      signal: new AbortController().signal,
      onEvent: ({ seq }) => {
        if (seq === 2) late = collect(log, { after: 0 });
      },
    });
    writer.append(runEvents.textContent({ messageId: 'm', delta: 'a' }));
    writer.append(finished);
    await early;
    expect((await late)?.map((item) => item.seq)).toEqual([1, 2, 3]);
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
