import { encodeNdjsonEvent, encodeSseEvent, type RunEvent, runEvents } from '@drawbridge/protocol';
import { describe, expect, it, vi } from 'vitest';
import type { EventStreamSink, SinkClosedReason } from './event-stream-sink.ts';
import { WriteBatch } from './write-batch.ts';
import { type WriteEventStreamOptions, writeEventStream } from './write-event-stream.ts';

/** A sink that records each write, so a test sees how events were batched. */
function recordingSink() {
  const writes: string[] = [];
  let closedListener: ((reason: SinkClosedReason) => void) | undefined;
  let resolveEnded: () => void = () => {};
  const ended = new Promise<void>((resolve) => {
    resolveEnded = resolve;
  });
  const sink: EventStreamSink = {
    write: (text) => writes.push(text),
    end: () => resolveEnded(),
    onClosed: (listener) => {
      closedListener = listener;
    },
  };
  return { sink, writes, ended, close: (reason: SinkClosedReason) => closedListener?.(reason) };
}

const nextMacrotask = () => new Promise((resolve) => setImmediate(resolve));

function start(
  options: Partial<WriteEventStreamOptions> & Pick<WriteEventStreamOptions, 'sink' | 'produce'>,
) {
  writeEventStream({
    format: 'ndjson',
    heartbeatIntervalMs: 60_000,
    now: () => 1,
    requestSignal: new AbortController().signal,
    reportError: () => {},
    ...options,
  });
}

const started = runEvents.runStarted({ threadId: 't', runId: 'r' });
const content = (delta: string) => runEvents.textContent({ messageId: 'm', delta });

describe('writeEventStream', () => {
  it('writes events produced in one tick, through promises too, as one write', async () => {
    const recorded = recordingSink();
    start({
      sink: recorded.sink,
      produce: async (emit) => {
        emit(started);
        await Promise.resolve();
        emit(content('a'));
        await Promise.resolve().then(() => emit(content('b')));
      },
    });
    await recorded.ended;
    expect(recorded.writes).toEqual([
      encodeNdjsonEvent(started) + encodeNdjsonEvent(content('a')) + encodeNdjsonEvent(content('b')),
    ]);
  });

  it('flushes each tick before the loop moves on, so no event waits for a later one', async () => {
    const recorded = recordingSink();
    const writesSeenByProducer: number[] = [];
    start({
      sink: recorded.sink,
      produce: async (emit) => {
        emit(content('first'));
        await nextMacrotask();
        writesSeenByProducer.push(recorded.writes.length);
        emit(content('second'));
        await nextMacrotask();
        writesSeenByProducer.push(recorded.writes.length);
      },
    });
    await recorded.ended;
    expect(writesSeenByProducer).toEqual([1, 2]);
    expect(recorded.writes).toEqual([
      encodeNdjsonEvent(content('first')),
      encodeNdjsonEvent(content('second')),
    ]);
  });

  it('writes the streams of one turn back to back, and a sink that throws ends only its own stream', async () => {
    const writeBatch = new WriteBatch();
    const order: string[] = [];
    const reported: unknown[] = [];
    const streamInto = (name: string, write: (text: string) => void) => {
      const recorded = recordingSink();
      recorded.sink.write = write;
      let aborted = false;
      start({
        sink: recorded.sink,
        writeBatch,
        reportError: (error) => reported.push(error),
        produce: async (emit, abortSignal) => {
          emit(content(name));
          await nextMacrotask();
          aborted = abortSignal.aborted;
          emit(content(`${name} again`));
        },
      });
      return { ended: recorded.ended, wasAborted: () => aborted };
    };
    const broken = streamInto('broken', () => {
      throw new Error('socket gone');
    });
    const healthy = streamInto('healthy', (text) => order.push(text));
    await healthy.ended;
    expect(order).toEqual([
      encodeNdjsonEvent(content('healthy')),
      encodeNdjsonEvent(content('healthy again')),
    ]);
    expect(String(reported[0])).toContain('socket gone');
    expect(broken.wasAborted()).toBe(true);
  });

  it('encodes SSE byte for byte like the SSE encoder', async () => {
    const recorded = recordingSink();
    const events: RunEvent[] = [
      started,
      content('line\nbreak'),
      runEvents.runFinished({ threadId: 't', runId: 'r' }),
    ];
    start({
      sink: recorded.sink,
      format: 'sse',
      produce: async (emit) => {
        for (const event of events) emit(event);
      },
    });
    await recorded.ended;
    expect(recorded.writes.join('')).toBe(events.map((event) => encodeSseEvent(event)).join(''));
  });

  it('sends no heartbeat while events come, and one within the interval once they stop', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    try {
      const recorded = recordingSink();
      let emitContent: (delta: string) => void = () => {};
      let finish: () => void = () => {};
      start({
        sink: recorded.sink,
        heartbeatIntervalMs: 10,
        now: () => 42,
        produce: (emit) =>
          new Promise<void>((resolve) => {
            emitContent = (delta) => emit(content(delta));
            finish = resolve;
          }),
      });
      for (let step = 0; step < 10; step += 1) {
        vi.advanceTimersByTime(4);
        emitContent(String(step));
        await nextMacrotask();
      }
      expect(recorded.writes.join('')).not.toContain('drawbridge.heartbeat');
      vi.advanceTimersByTime(10);
      await nextMacrotask();
      expect(recorded.writes.at(-1)).toBe(encodeNdjsonEvent(runEvents.heartbeat(42)));
      expect(recorded.writes.join('').split('drawbridge.heartbeat')).toHaveLength(2);
      finish();
      await recorded.ended;
    } finally {
      vi.useRealTimers();
    }
  });

  it('reports a sink whose end throws, instead of leaving the error unhandled', async () => {
    const reported: unknown[] = [];
    const recorded = recordingSink();
    recorded.sink.end = () => {
      throw new Error('socket gone at the end');
    };
    start({
      sink: recorded.sink,
      reportError: (error) => reported.push(error),
      produce: async (emit) => {
        emit(started);
      },
    });
    await vi.waitFor(() => expect(String(reported[0])).toContain('socket gone at the end'));
    expect(recorded.writes).toEqual([encodeNdjsonEvent(started)]);
  });

  it('sends heartbeats while the producer is silent, and stops them at the end', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    try {
      const recorded = recordingSink();
      let finish: () => void = () => {};
      start({
        sink: recorded.sink,
        heartbeatIntervalMs: 5,
        now: () => 42,
        produce: () =>
          new Promise<void>((resolve) => {
            finish = resolve;
          }),
      });
      const heartbeat = encodeNdjsonEvent(runEvents.heartbeat(42));
      for (let beat = 0; beat < 3; beat += 1) {
        vi.advanceTimersByTime(5);
        await nextMacrotask();
      }
      expect(recorded.writes).toEqual([heartbeat, heartbeat, heartbeat]);
      finish();
      await recorded.ended;
      vi.advanceTimersByTime(50);
      await nextMacrotask();
      expect(recorded.writes).toHaveLength(3);
    } finally {
      vi.useRealTimers();
    }
  });

  it('aborts the producer when the connection closes, and writes nothing after', async () => {
    const recorded = recordingSink();
    let emitAfterClose: (event: RunEvent) => void = () => {};
    let resolveAborted: (reason: unknown) => void = () => {};
    const aborted = new Promise<unknown>((resolve) => {
      resolveAborted = resolve;
    });
    start({
      sink: recorded.sink,
      produce: (emit, abortSignal) => {
        emitAfterClose = emit;
        return new Promise<void>((resolve) =>
          abortSignal.addEventListener('abort', () => {
            resolveAborted(abortSignal.reason);
            resolve();
          }),
        );
      },
    });
    recorded.close('client_too_slow');
    expect(String(await aborted)).toContain('stopped reading');
    emitAfterClose(content('too late'));
    await nextMacrotask();
    expect(recorded.writes).toEqual([]);
  });

  it('aborts the producer when the request signal fires', async () => {
    const recorded = recordingSink();
    const request = new AbortController();
    const aborted = new Promise<void>((resolve) => {
      start({
        sink: recorded.sink,
        requestSignal: request.signal,
        produce: (_emit, abortSignal) =>
          new Promise<void>((settle) => abortSignal.addEventListener('abort', () => settle())).then(resolve),
      });
    });
    request.abort();
    await aborted;
    await recorded.ended;
  });

  it('reports a producer that rejects and still ends the response after what it wrote', async () => {
    const recorded = recordingSink();
    const reported: unknown[] = [];
    start({
      sink: recorded.sink,
      reportError: (error) => reported.push(error),
      produce: async (emit) => {
        emit(started);
        throw new Error('bug');
      },
    });
    await recorded.ended;
    expect(recorded.writes).toEqual([encodeNdjsonEvent(started)]);
    expect(String(reported[0])).toContain('bug');
  });
});
