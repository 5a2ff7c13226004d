import { encodeNdjsonEvent, runEvents } from '@drawbridge/protocol';
import { describe, expect, it } from 'vitest';
import { createEventStreamResponse, takeEventStreamStarter } from './event-stream-response.ts';
import type { EventStreamSink } from './event-stream-sink.ts';
import type { WriteEventStreamOptions } from './write-event-stream.ts';

const started = runEvents.runStarted({ threadId: 't', runId: 'r' });
const finished = runEvents.runFinished({ threadId: 't', runId: 'r' });

function responseOptions(
  produce: WriteEventStreamOptions['produce'],
  extra: { maxBufferedBytes?: number } = {},
): Parameters<typeof createEventStreamResponse>[0] {
  return {
    format: 'ndjson',
    heartbeatIntervalMs: 60_000,
    now: () => 0,
    requestSignal: new AbortController().signal,
    reportError: () => {},
    produce,
    ...extra,
  };
}

describe('createEventStreamResponse', () => {
  it('streams the events as the body with the anti-buffering headers', async () => {
    const response = createEventStreamResponse(
      responseOptions(async (emit) => {
        emit(started);
        await new Promise((resolve) => setImmediate(resolve));
        emit(finished);
      }),
    );
    expect(response.headers.get('content-type')).toBe('application/x-ndjson; charset=utf-8');
    expect(response.headers.get('x-accel-buffering')).toBe('no');
    expect(response.headers.get('cache-control')).toBe('no-cache, no-transform');
    expect(await response.text()).toBe(encodeNdjsonEvent(started) + encodeNdjsonEvent(finished));
  });

  it('starts the run only when the body is read or a server takes it', async () => {
    let runs = 0;
    const produce = async () => {
      runs += 1;
    };
    const unread = createEventStreamResponse(responseOptions(produce));
    await new Promise((resolve) => setImmediate(resolve));
    expect(runs).toBe(0);

    const written: string[] = [];
    const sink: EventStreamSink = { write: (text) => written.push(text), end: () => {}, onClosed: () => {} };
    const start = takeEventStreamStarter(unread);
    expect(start).toBeDefined();
    start?.(sink);
    expect(runs).toBe(1);
    // Taken once: the web body and a second server cannot start the same run again.
    expect(takeEventStreamStarter(unread)).toBeUndefined();
  });

  it('cannot be taken once its body is being read', async () => {
    const response = createEventStreamResponse(
      responseOptions(async (emit) => {
        emit(started);
      }),
    );
    const reader = response.body!.getReader();
    await reader.read();
    expect(takeEventStreamStarter(response)).toBeUndefined();
    expect(takeEventStreamStarter(new Response('plain'))).toBeUndefined();
  });

  it('aborts the run when the reader cancels the body', async () => {
    let resolveAborted: () => void = () => {};
    const aborted = new Promise<void>((resolve) => {
      resolveAborted = resolve;
    });
    const response = createEventStreamResponse(
      responseOptions(async (emit, abortSignal) => {
        emit(started);
        await new Promise<void>((resolve) => abortSignal.addEventListener('abort', () => resolve()));
        resolveAborted();
      }),
    );
    const reader = response.body!.getReader();
    await reader.read();
    await reader.cancel();
    await aborted;
  });

  it('cuts off a reader that falls more than the cap behind, and aborts the run', async () => {
    let resolveAborted: () => void = () => {};
    const aborted = new Promise<void>((resolve) => {
      resolveAborted = resolve;
    });
    const big = runEvents.textContent({ messageId: 'm', delta: 'x'.repeat(4096) });
    const response = createEventStreamResponse(
      responseOptions(
        async (emit, abortSignal) => {
          abortSignal.addEventListener('abort', () => resolveAborted());
          for (let index = 0; index < 64 && !abortSignal.aborted; index += 1) {
            emit(big);
            await new Promise((resolve) => setImmediate(resolve));
          }
        },
        { maxBufferedBytes: 16 * 1024 },
      ),
    );
    const reader = response.body!.getReader();
    // One read starts the run; after that nobody reads while the run keeps producing.
    await reader.read();
    await aborted;
    await expect(reader.read()).rejects.toThrow('fell too far behind');
  });
});
