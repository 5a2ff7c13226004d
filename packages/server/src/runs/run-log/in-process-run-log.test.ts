import { type RunEvent, runEvents } from '@drawbridge/protocol';
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
function followThrowing(log: InProcessRunLog): Promise<unknown> {
  return log.follow({
    runId: 'r',
    after: 1,
    signal: new AbortController().signal,
    onEvent: () => {
      throw new Error('follower bug');
    },
  });
}

/** A live writer of run `runId` that numbers what it is handed, as the stored log hands it on. */
function writerOf(log: InProcessRunLog, runId = 'r'): (event: RunEvent) => void {
  const writer = log.create(runId);
  let seq = 0;
  return (event) => writer.append({ seq: ++seq, event });
}

const started = runEvents.runStarted({ threadId: 't', runId: 'r' });
const finished = runEvents.runFinished({ threadId: 't', runId: 'r' });

describe('InProcessRunLog', () => {
  it('replays a running run after a seq, follows it live and returns after the final event', async () => {
    const log = new InProcessRunLog();
    const append = writerOf(log);
    append(started);
    append(runEvents.textContent({ messageId: 'm', delta: 'a' }));
    const following = collect(log, { after: 1 });
    append(runEvents.textContent({ messageId: 'm', delta: 'b' }));
    append(finished);
    expect((await following).map((item) => item.seq)).toEqual([2, 3, 4]);
  });

  it('forgets a run as its final event is handed on: an ended run is read from the store', async () => {
    const log = new InProcessRunLog();
    for (const runId of Array.from({ length: 1_000 }, (_, index) => `run-${index}`)) {
      const append = writerOf(log, runId);
      append(started);
      append(finished);
      expect(log.holds(runId)).toBe(false);
    }
    const onEvent = () => {
      throw new Error('nothing is handed on for a run the log does not hold');
    };
    const signal = new AbortController().signal;
    expect(await log.follow({ runId: 'run-0', after: 0, signal, onEvent })).toBe('untracked');
  });

  it('ends an abandoned run once, and stops a follower when its signal aborts', async () => {
    const log = new InProcessRunLog();
    writerOf(log)(started);
    const controller = new AbortController();
    const waiting = collect(log, { after: 1, signal: controller.signal });
    controller.abort();
    expect(await waiting).toEqual([]);
    const following = collect(log, { after: 0 });
    await log.endAbandoned('r', {
      seq: 2,
      event: runEvents.runError({ message: 'gone', code: 'interrupted' }),
    });
    await log.endAbandoned('r', {
      seq: 3,
      event: runEvents.runError({ message: 'twice', code: 'interrupted' }),
    });
    expect((await following).map((item) => item.event.type)).toEqual(['RUN_STARTED', 'RUN_ERROR']);
  });

  it('hands each append to its live followers before append returns', () => {
    const log = new InProcessRunLog();
    const append = writerOf(log);
    append(started);
    const seen: number[] = [];
    void log.follow({
      runId: 'r',
      after: 0,
      signal: new AbortController().signal,
      onEvent: ({ seq }) => seen.push(seq),
    });
    expect(seen).toEqual([1]);
    append(runEvents.textContent({ messageId: 'm', delta: 'a' }));
    expect(seen).toEqual([1, 2]);
  });

  it('rejects the follow of a follower that throws, and the run and its other followers go on', async () => {
    const log = new InProcessRunLog();
    const append = writerOf(log);
    append(started);
    const failing = followThrowing(log);
    const healthy = collect(log, { after: 0 });
    append(runEvents.textContent({ messageId: 'm', delta: 'a' }));
    append(finished);
    await expect(failing).rejects.toThrow('follower bug');
    expect((await healthy).map((item) => item.seq)).toEqual([1, 2, 3]);
  });

  it('rejects the follow of a lone follower that throws, and the run goes on for a later follower', async () => {
    const log = new InProcessRunLog();
    const append = writerOf(log);
    append(started);
    const failing = followThrowing(log);
    append(runEvents.textContent({ messageId: 'm', delta: 'a' }));
    await expect(failing).rejects.toThrow('follower bug');
    const later = collect(log, { after: 0 });
    append(finished);
    expect((await later).map((item) => item.seq)).toEqual([1, 2, 3]);
  });

  it('hands an event once to a follower that starts while another is handed it', async () => {
    const log = new InProcessRunLog();
    const append = writerOf(log);
    append(started);
    let late: Promise<LoggedRunEvent[]> | undefined;
    const early = log.follow({
      runId: 'r',
      after: 1,
      signal: new AbortController().signal,
      onEvent: ({ seq }) => {
        if (seq === 2) late = collect(log, { after: 0 });
      },
    });
    append(runEvents.textContent({ messageId: 'm', delta: 'a' }));
    append(finished);
    await early;
    expect((await late)?.map((item) => item.seq)).toEqual([1, 2, 3]);
  });
});
