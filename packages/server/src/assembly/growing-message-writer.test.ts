import type { ReplyMessage } from '@drawbridge/protocol';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { GrowingMessageWriter } from './growing-message-writer.ts';

type Write = { call: 'append' | 'update'; content: string; inProgress?: boolean };

function recordingStore(writes: Write[]) {
  return {
    async appendMessage(input: { content: string }, options?: { inProgress?: boolean }) {
      writes.push({
        call: 'append',
        content: input.content,
        ...(options?.inProgress === undefined ? {} : { inProgress: options.inProgress }),
      });
      return input as never;
    },
    async updateMessage(_id: string, patch: { content?: string }, options?: { inProgress?: boolean }) {
      writes.push({
        call: 'update',
        content: patch.content ?? '',
        ...(options?.inProgress === undefined ? {} : { inProgress: options.inProgress }),
      });
    },
  };
}

/** A writer over a recording store that writes once a second; a failed write fails the test. */
function writerInto(writes: Write[]): GrowingMessageWriter {
  return new GrowingMessageWriter({
    store: recordingStore(writes),
    threadId: 't',
    intervalMs: 1_000,
    reportError: (message) => {
      throw new Error(message);
    },
  });
}

const segment = (content: string): ReplyMessage => ({ id: 'm1', parts: [{ kind: 'prose', text: content }] });

describe('GrowingMessageWriter', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('marks its periodic rewrites in progress, and the segment’s last write not', async () => {
    const writes: Write[] = [];
    const writer = writerInto(writes);
    writer.grew(() => segment('Once'));
    await vi.advanceTimersByTimeAsync(999);
    expect(writes).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    await writer.settled();
    writer.grew(() => segment('Once upon'));
    await vi.advanceTimersByTimeAsync(1_000);
    await writer.settled();
    writer.stop();
    await writer.store(segment('Once upon a time.'));
    expect(writes).toEqual([
      { call: 'append', content: 'Once', inProgress: true },
      { call: 'update', content: 'Once upon', inProgress: true },
      { call: 'update', content: 'Once upon a time.' },
    ]);
  });

  it('appends a segment that closes before its first periodic write as a finished one', async () => {
    const writes: Write[] = [];
    const writer = writerInto(writes);
    writer.grew(() => segment('Short'));
    writer.stop();
    await writer.store(segment('Short and done.'));
    await vi.advanceTimersByTimeAsync(1_000);
    expect(writes).toEqual([{ call: 'append', content: 'Short and done.' }]);
  });
});
