import { EventType, type RunEvent, runEvents } from '@drawbridge/protocol';
import { afterEach, describe, expect, it } from 'vitest';
import { openSqliteStore } from '../../store/open-sqlite-store.ts';
import type { Store } from '../../store/store.ts';
import { DurableRunLog } from './durable-run-log.ts';
import { InProcessRunLog } from './in-process-run-log.ts';
import type { LoggedRunEvent } from './run-log.ts';

const opened: { close(): Promise<void> }[] = [];
afterEach(async () => {
  for (const resource of opened.splice(0).reverse()) await resource.close();
});

type Commit = Store['commitRunEvents'];

/**
 * A SQLite store whose commits of run events can be held back (`gate`), made to fail, and counted, and a run
 * log over it with the in-process live log.
 */
async function durableLog({ failures = 0 }: { failures?: number } = {}) {
  const store = await openSqliteStore({ path: ':memory:' });
  opened.push(store);
  await store.createThread({ id: 't' });
  await store.startRun({ id: 'r', threadId: 't', model: 'demo' });
  const commits: Parameters<Commit>[0][] = [];
  const errors: string[] = [];
  let gate: Promise<void> = Promise.resolve();
  let failuresLeft = failures;
  const commitRunEvents: Commit = async (input) => {
    commits.push(input);
    await gate;
    if (failuresLeft > 0) {
      failuresLeft -= 1;
      throw new Error('the database is away');
    }
    return store.commitRunEvents(input);
  };
  const log = new DurableRunLog({
    store: { ...store, commitRunEvents },
    live: new InProcessRunLog(),
    logError: (message) => errors.push(message),
  });
  opened.push(log);
  return {
    store,
    log,
    commits,
    errors,
    /** Holds every commit back until the returned function is called. */
    hold(): () => void {
      let open = () => {};
      gate = new Promise((resolve) => {
        open = resolve;
      });
      return open;
    },
  };
}

function follow(log: DurableRunLog, { runId = 'r', after = 0 } = {}) {
  const handed: LoggedRunEvent[] = [];
  const done = log.follow({
    runId,
    after,
    signal: new AbortController().signal,
    onEvent: (item) => handed.push(item),
  });
  return { handed, done };
}

const started = runEvents.runStarted({ threadId: 't', runId: 'r' });
const text = (delta: string) => runEvents.textContent({ messageId: 'm', delta });
const finished = runEvents.runFinished({ threadId: 't', runId: 'r' });

/** Resolves after the event loop's current turn and the next (a commit, then what it hands on). */
const turns = async (count = 2) => {
  for (let turn = 0; turn < count; turn += 1) await new Promise((resolve) => setImmediate(resolve));
};

describe('DurableRunLog', () => {
  it('hands a follower an event only once it is stored', async () => {
    const { log, store, hold } = await durableLog();
    const open = hold();
    const writer = log.create('r');
    const follower = follow(log);
    writer.append(started);
    writer.append(text('stored before it is sent'));
    await turns(3);
    expect(follower.handed).toEqual([]);
    expect(await store.readRunEvents({ runId: 'r', after: 0 })).toEqual([]);
    open();
    await writer.flushed();
    expect(follower.handed.map((item) => item.seq)).toEqual([1, 2]);
    expect((await store.readRunEvents({ runId: 'r', after: 0 })).map((item) => item.seq)).toEqual([1, 2]);
    // Handed on with its stored JSON, which a response writes as it is.
    expect(follower.handed[1]?.json).toBe(JSON.stringify(text('stored before it is sent')));
  });

  it('stores the events of every run of one turn in one commit, one batch per run', async () => {
    const { log, store, commits } = await durableLog();
    for (const threadId of ['t2', 't3']) {
      await store.createThread({ id: threadId });
      await store.startRun({ id: `r-${threadId}`, threadId, model: 'demo' });
    }
    const writers = ['r', 'r-t2', 'r-t3'].map((runId) => log.create(runId));
    for (const writer of writers) {
      writer.append(started);
      writer.append(text('a'));
    }
    await Promise.all(writers.map((writer) => writer.flushed()));
    expect(commits).toHaveLength(1);
    expect(
      commits[0]?.batches.map(({ runId, firstSeq, events }) => [runId, firstSeq, events.length]),
    ).toEqual([
      ['r', 1, 2],
      ['r-t2', 1, 2],
      ['r-t3', 1, 2],
    ]);
  });

  it("stores a run's ending in the commit of its final event, and hands the final event on after it", async () => {
    const { log, store, commits } = await durableLog();
    const writer = log.create('r');
    const follower = follow(log);
    writer.append(started);
    writer.append(runEvents.textStart({ messageId: 'm' }));
    writer.append(text('The whole reply.'));
    await writer.flushed();
    writer.append(finished, {
      outcome: { status: 'finished', inputTokens: 1, outputTokens: 2 },
      reply: { threadId: 't', segments: [{ id: 'm', content: 'The whole reply.' }] },
    });
    await follower.done;
    expect(follower.handed.at(-1)?.event.type).toBe(EventType.RUN_FINISHED);
    expect(commits.at(-1)?.endings).toEqual([expect.objectContaining({ runId: 'r' })]);
    expect(await store.getRun('r')).toMatchObject({ status: 'finished', inputTokens: 1, outputTokens: 2 });
    expect((await store.listMessages('t')).map((message) => message.content)).toEqual(['The whole reply.']);
  });

  it('tries a failed commit again, with what came since, and hands every event on once, in order', async () => {
    const { log, errors } = await durableLog({ failures: 2 });
    const writer = log.create('r');
    const follower = follow(log);
    writer.append(started);
    await turns();
    writer.append(text('a'));
    writer.append(finished, { outcome: { status: 'finished' } });
    await follower.done;
    expect(follower.handed.map((item) => item.seq)).toEqual([1, 2, 3]);
    expect(errors).toHaveLength(2);
  });

  it('lets a follower of an ended run read it from the store, from any seq', async () => {
    const { log } = await durableLog();
    const writer = log.create('r');
    for (const event of [started, text('a'), text('b'), finished]) writer.append(event);
    await writer.flushed();
    const late = follow(log, { after: 2 });
    await late.done;
    expect(late.handed.map(({ seq, event }) => [seq, event.type])).toEqual([
      [3, EventType.TEXT_MESSAGE_CONTENT],
      [4, EventType.RUN_FINISHED],
    ]);
    expect(await log.exists('r')).toBe(true);
    expect(await log.exists('never')).toBe(false);
  });

  it('ends a replay from the store at an event it cannot read, never going on to the final event past it', async () => {
    const { log, store } = await durableLog();
    // Written by a build that knew an event this one does not (or damaged): unreadable, so a gap.
    await store.commitRunEvents({
      batches: [
        {
          runId: 'r',
          firstSeq: 1,
          events: [started, text('a'), { type: 'NOT_AN_EVENT' }, finished].map((event) =>
            JSON.stringify(event),
          ),
        },
      ],
    });
    const late = follow(log);
    await expect(late.done).rejects.toMatchObject({ code: 'run_log_gap', after: 2, next: 4 });
    expect(late.handed.map((item) => item.seq)).toEqual([1, 2]);
  });

  it('ends an abandoned run after its last stored event and stores the reply those events make', async () => {
    const { log, store } = await durableLog();
    const writer = log.create('r');
    const events: RunEvent[] = [
      started,
      runEvents.textStart({ messageId: 'm' }),
      text('What the client saw: '),
      runEvents.widgetSnapshot({ widgetId: 'w' }),
      runEvents.widgetPart({ widgetId: 'w', part: 'html', delta: '<p>half' }),
    ];
    for (const event of events) writer.append(event);
    await writer.flushed();
    // The writer is gone now (its process died); the sweep ends the run.
    const interrupted = runEvents.runError({ message: 'gone', code: 'interrupted' });
    await log.endAbandoned({ runId: 'r', threadId: 't' }, interrupted);
    await log.endAbandoned({ runId: 'r', threadId: 't' }, runEvents.runError({ message: 'twice' }));
    const stored = await store.readRunEvents({ runId: 'r', after: 0 });
    expect(stored.map(({ seq, event }) => [seq, (event as RunEvent).type])).toEqual([
      [1, EventType.RUN_STARTED],
      [2, EventType.TEXT_MESSAGE_START],
      [3, EventType.TEXT_MESSAGE_CONTENT],
      [4, EventType.ACTIVITY_SNAPSHOT],
      [5, EventType.ACTIVITY_DELTA],
      [6, EventType.RUN_ERROR],
    ]);
    const [message] = await store.listMessages('t');
    expect(message).toMatchObject({ id: 'm', content: 'What the client saw: ', widget: { html: '<p>half' } });
  });

  it("stores an abandoned run's live edit whole, folded onto the base the thread holds", async () => {
    const { log, store } = await durableLog();
    await store.appendMessage({
      id: 'm0',
      threadId: 't',
      role: 'assistant',
      content: '',
      widget: { id: 'w0', height: 100, css: 'p{color:red}', html: '<p>0</p>', js: 'go()', complete: true },
    });
    const writer = log.create('r');
    for (const event of [
      started,
      runEvents.textStart({ messageId: 'm' }),
      runEvents.widgetSnapshot({
        widgetId: 'w1',
        revision: { of: 'w0', number: 2, baseId: 'w0' },
        fromBase: true,
      }),
      runEvents.widgetParts({ widgetId: 'w1', parts: [{ part: 'css', search: 'red', delta: 'white' }] }),
    ])
      writer.append(event);
    await writer.flushed();
    await log.endAbandoned(
      { runId: 'r', threadId: 't' },
      runEvents.runError({ message: 'gone', code: 'interrupted' }),
    );
    const reply = (await store.listMessages('t')).find((message) => message.id === 'm');
    expect(reply?.widget).toEqual({
      id: 'w1',
      height: 100,
      css: 'p{color:white}',
      html: '<p>0</p>',
      js: 'go()',
      complete: false,
      revision: { of: 'w0', number: 2, baseId: 'w0' },
    });
  });

  it('rejects the flush of events it could not store before it closed, and hands them to nobody', async () => {
    const { log, hold } = await durableLog();
    hold();
    const writer = log.create('r');
    const follower = follow(log);
    writer.append(started);
    const flushed = writer.flushed();
    await log.close();
    await expect(flushed).rejects.toThrow('stopped before these run events could be stored');
    expect(follower.handed).toEqual([]);
  });
});
