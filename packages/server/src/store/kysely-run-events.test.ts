import { describe, expect, it } from 'vitest';
import { storageDialects, testStorageOpener } from '../../../../test-support/open-test-storage.ts';
import { manualClock } from '../testing/manual-clock.ts';
import type { Store } from './store.ts';

const event = (delta: string) => JSON.stringify({ type: 'TEXT_MESSAGE_CONTENT', messageId: 'm', delta });

describe.each(storageDialects)('stored run events on %s', (dialect) => {
  const freshStorage = testStorageOpener(dialect);

  async function storeWithRuns(clock = manualClock()): Promise<Store> {
    let next = 0;
    const storage = await freshStorage({ clock: clock.now, ids: () => `id-${++next}` });
    const { store } = storage;
    for (const threadId of ['t1', 't2']) {
      await store.createThread({ id: threadId });
      await store.startRun({ id: `run-${threadId}`, threadId, model: 'demo' });
    }
    return store;
  }

  it("stores several runs' events in one commit and reads each run's back in order, from any seq", async () => {
    const store = await storeWithRuns();
    await store.commitRunEvents({
      batches: [
        { runId: 'run-t1', firstSeq: 1, events: [event('a'), event('b')] },
        { runId: 'run-t2', firstSeq: 1, events: [event('x')] },
      ],
    });
    await store.commitRunEvents({
      batches: [{ runId: 'run-t1', firstSeq: 3, events: [event('c ✨ \u0000')] }],
    });
    const read = async (after: number) =>
      (await store.readRunEvents({ runId: 'run-t1', after })).map(({ seq, event }) => [
        seq,
        (event as { delta: string }).delta,
      ]);
    expect(await read(0)).toEqual([
      [1, 'a'],
      [2, 'b'],
      [3, 'c ✨ \u0000'],
    ]);
    expect(await read(1)).toEqual([
      [2, 'b'],
      [3, 'c ✨ \u0000'],
    ]);
    expect(await read(3)).toEqual([]);
    expect(await store.hasRunEvents('run-t2')).toBe(true);
    expect(await store.hasRunEvents('run-none')).toBe(false);
  });

  it('keeps the first batch stored at a seq: a late writer cannot overwrite the end a sweep gave a run', async () => {
    const store = await storeWithRuns();
    await store.commitRunEvents({ batches: [{ runId: 'run-t1', firstSeq: 1, events: [event('swept')] }] });
    await store.commitRunEvents({
      batches: [
        { runId: 'run-t1', firstSeq: 1, events: [event('late'), event('later')] },
        { runId: 'run-t2', firstSeq: 1, events: [event('other run')] },
      ],
    });
    const deltas = async (runId: string) =>
      (await store.readRunEvents({ runId, after: 0 })).map(({ event }) => (event as { delta: string }).delta);
    expect(await deltas('run-t1')).toEqual(['swept']);
    expect(await deltas('run-t2')).toEqual(['other run']);
  });

  it("ends a run in the transaction of its last events: the record, the reply's segments, its waiting calls", async () => {
    const store = await storeWithRuns();
    const widget = { id: 'w1', height: 200, css: 'p{}', html: '<p>hi</p>', js: '', complete: true };
    // Stored before a tool call, in progress…
    await store.writeReply(
      { threadId: 't1', segments: [{ id: 'm', content: 'Here', widget: { ...widget, complete: false } }] },
      { inProgress: true },
    );
    // …and again at the end, rewritten in place, with what followed.
    const details = { model: 'demo', inputTokens: 3, cachedInputTokens: 1, outputTokens: 40 };
    const { failedEndings } = await store.commitRunEvents({
      batches: [{ runId: 'run-t1', firstSeq: 1, events: [event('Here'), event(' it is.')] }],
      endings: [
        {
          runId: 'run-t1',
          outcome: { status: 'finished', inputTokens: 3, outputTokens: 40 },
          reply: {
            threadId: 't1',
            segments: [
              { id: 'm', content: 'Here it is.', widget },
              { id: 'm-2', content: 'Done.' },
            ],
            waitingCalls: [{ toolCallId: 'call-1', toolName: 'render_table', input: { rows: [] } }],
            details,
          },
        },
      ],
    });
    expect(failedEndings).toEqual([]);
    expect(await store.getRun('run-t1')).toMatchObject({
      status: 'finished',
      inputTokens: 3,
      outputTokens: 40,
    });
    const messages = await store.listMessages('t1');
    expect(
      messages.map(({ id, content, widget, toolCallId, render, reply }) => ({
        id,
        content,
        widget,
        toolCallId,
        render,
        reply,
      })),
    ).toEqual(
      [
        { id: 'm', content: 'Here it is.', widget },
        { id: 'm-2', content: 'Done.' },
        {
          id: 'id-1',
          content: '',
          toolCallId: 'call-1',
          render: { tool: 'render_table', args: { rows: [] } },
          reply: details,
        },
      ].map((message) => ({
        widget: undefined,
        toolCallId: undefined,
        render: undefined,
        reply: undefined,
        ...message,
      })),
    );
  });

  it('rolls back only the ending of a run whose thread was deleted mid-run; every event is still stored', async () => {
    const store = await storeWithRuns();
    await store.deleteThread('t2');
    const { failedEndings } = await store.commitRunEvents({
      batches: [
        { runId: 'run-t1', firstSeq: 1, events: [event('kept')] },
        { runId: 'run-t2', firstSeq: 1, events: [event('orphan')] },
      ],
      endings: [
        {
          runId: 'run-t2',
          outcome: { status: 'finished' },
          reply: { threadId: 't2', segments: [{ id: 'x', content: 'x' }] },
        },
        {
          runId: 'run-t1',
          outcome: { status: 'finished' },
          reply: { threadId: 't1', segments: [{ id: 'y', content: 'y' }] },
        },
      ],
    });
    expect(failedEndings.map((failed) => failed.runId)).toEqual(['run-t2']);
    expect((await store.listMessages('t1')).map((message) => message.content)).toEqual(['y']);
    expect((await store.getRun('run-t1'))?.status).toBe('finished');
    expect(await store.hasRunEvents('run-t1')).toBe(true);
  });

  it('stores nothing for a run without a record, and names the key of each run it looked up', async () => {
    const store = await storeWithRuns();
    const { runKeys } = await store.commitRunEvents({
      batches: [
        { runId: 'run-t1', firstSeq: 1, events: [event('a')] },
        { runId: 'run-never-started', firstSeq: 1, events: [event('lost')] },
      ],
    });
    expect([...runKeys.keys()]).toEqual(['run-t1']);
    // A later commit names the run by its key alone.
    await store.commitRunEvents({
      batches: [{ runId: 'run-t1', runKey: runKeys.get('run-t1')!, firstSeq: 2, events: [event('b')] }],
    });
    expect((await store.readRunEvents({ runId: 'run-t1', after: 0 })).map((item) => item.seq)).toEqual([
      1, 2,
    ]);
    expect(await store.hasRunEvents('run-never-started')).toBe(false);
  });

  it("prunes the events of runs that ended before the cutoff and of runs whose record went, never a running run's", async () => {
    const clock = manualClock();
    const store = await storeWithRuns(clock);
    for (const threadId of ['t3', 't4']) {
      await store.createThread({ id: threadId });
      await store.startRun({ id: `run-${threadId}`, threadId, model: 'demo' });
    }
    await store.commitRunEvents({
      batches: ['run-t1', 'run-t2', 'run-t3', 'run-t4'].map((runId) => ({
        runId,
        firstSeq: 1,
        events: [event(runId)],
      })),
    });
    await store.finishRun('run-t1', { status: 'finished' });
    await store.finishRun('run-t4', { status: 'finished' });
    clock.advance(60_000);
    const cutoff = clock.now().toISOString();
    // Records pruned (by their own, longer retention) before their events: the events go too.
    await store.pruneEndedRuns({ before: cutoff });
    clock.advance(60_000);
    await store.finishRun('run-t3', { status: 'finished' });
    expect(await store.pruneRunEvents({ before: cutoff })).toBe(2);
    expect(await store.hasRunEvents('run-t2')).toBe(true);
    expect(await store.hasRunEvents('run-t3')).toBe(true);
    expect(await store.pruneRunEvents({ before: cutoff })).toBe(0);
    await store.deleteThread('t2');
    expect(await store.hasRunEvents('run-t2')).toBe(false);
    expect(await store.pruneRunEvents({ before: cutoff })).toBe(0);
  });
});
