import { EventEncoder } from '@ag-ui/encoder';
import { describe, expect, it } from 'vitest';
import type { RunEvent } from '../run-events.ts';
import { sampleRunEvents } from './sample-run-events.ts';
import { seededCuts, splitAt } from './split-bytes.ts';
import { SseDecoder, type SseMessage } from './sse-decoder.ts';
import { encodeSseComment, encodeSseEvent } from './sse-encoder.ts';
import { StreamDecodeError } from './stream-decode-error.ts';

const encoder = new TextEncoder();
const sampleText = sampleRunEvents
  .map((event, index) => (index % 5 === 2 ? encodeSseComment('ping') : '') + encodeSseEvent(event))
  .join('');
const sampleBytes = encoder.encode(sampleText);

function decodeMessages(chunks: readonly (Uint8Array | string)[]): SseMessage[] {
  const decoder = new SseDecoder();
  return [...chunks.flatMap((chunk) => decoder.push(chunk)), ...decoder.end()];
}

function decodeEvents(chunks: readonly (Uint8Array | string)[]): RunEvent[] {
  return decodeMessages(chunks).map((message) => JSON.parse(message.data));
}

function captureError(action: () => unknown): StreamDecodeError {
  try {
    action();
  } catch (error) {
    if (error instanceof StreamDecodeError) return error;
    throw error;
  }
  throw new Error('expected a StreamDecodeError');
}

describe('SseDecoder', () => {
  it('decodes the same events at every single split index', () => {
    for (let index = 0; index <= sampleBytes.length; index += 1) {
      expect(decodeEvents(splitAt(sampleBytes, [index])), `split at byte ${index}`).toEqual(sampleRunEvents);
    }
  });

  it('decodes the same events under seeded random multi-way splits', () => {
    for (let seed = 1; seed <= 300; seed += 1) {
      const cuts = seededCuts(seed, sampleBytes.length, 1 + (seed % 40));
      expect(decodeEvents(splitAt(sampleBytes, cuts)), `seed ${seed}`).toEqual(sampleRunEvents);
    }
  });

  it('returns every message of a multi-message chunk from one push', () => {
    const decoder = new SseDecoder();
    expect(decoder.push(sampleBytes).map((message) => JSON.parse(message.data))).toEqual(sampleRunEvents);
    expect(decoder.end()).toEqual([]);
  });

  it('joins multi-line data with newlines and strips only one space after the colon', () => {
    expect(decodeMessages(['data: first\ndata:second\ndata:  third\ndata\n\n'])).toEqual([
      { event: 'message', data: 'first\nsecond\n third\n', lastEventId: '', lineNumber: 1 },
    ]);
  });

  it('skips comments and messages without data', () => {
    expect(decodeMessages([': ping\n\n', 'event: lonely\n\n', ':\n', 'data: x\n\n'])).toEqual([
      { event: 'message', data: 'x', lastEventId: '', lineNumber: 6 },
    ]);
  });

  it('exposes the event type and the last event id, which persists across messages', () => {
    expect(decodeMessages(['id: 7\nevent: widget\ndata: a\n\n', 'data: b\n\n', 'id\ndata: c\n\n'])).toEqual([
      { event: 'widget', data: 'a', lastEventId: '7', lineNumber: 1 },
      { event: 'message', data: 'b', lastEventId: '7', lineNumber: 5 },
      { event: 'message', data: 'c', lastEventId: '', lineNumber: 7 },
    ]);
  });

  it('ignores retry and unknown fields, and an id containing NUL', () => {
    expect(decodeMessages(['retry: 1000\nid: a\0b\nfoo: bar\ndata: x\n\n'])).toEqual([
      { event: 'message', data: 'x', lastEventId: '', lineNumber: 1 },
    ]);
  });

  it('accepts CRLF, CR and LF line ends, mixed, at every split index', () => {
    const text = 'data: one\r\n\r\ndata: two\r\rdata: three\n\ndata: four\r\n\r\n';
    const bytes = encoder.encode(text);
    for (let index = 0; index <= bytes.length; index += 1) {
      expect(
        decodeMessages(splitAt(bytes, [index])).map((message) => message.data),
        `split at ${index}`,
      ).toEqual(['one', 'two', 'three', 'four']);
    }
  });

  it('does not treat a CR at the end of one chunk and an LF in the next as two line ends', () => {
    expect(decodeMessages(['data: a\r', '\ndata: b\r\n\r\n']).map((message) => message.data)).toEqual([
      'a\nb',
    ]);
  });

  it('drops one leading byte-order mark', () => {
    const withMark = Uint8Array.of(0xef, 0xbb, 0xbf, ...encoder.encode('data: 1\n\n'));
    for (let index = 0; index <= 3; index += 1) {
      expect(decodeMessages(splitAt(withMark, [index])).map((message) => message.data)).toEqual(['1']);
    }
  });

  it('dispatches a last message that lacks its blank line at end()', () => {
    const decoder = new SseDecoder();
    expect(decoder.push('data: 1\n\ndata: 2')).toHaveLength(1);
    expect(decoder.end().map((message) => message.data)).toEqual(['2']);
  });

  it('decodes what the stock @ag-ui/encoder writes', () => {
    const agUiEncoder = new EventEncoder();
    const text = sampleRunEvents.map((event) => agUiEncoder.encodeSSE(event)).join('');
    expect(decodeEvents([text])).toEqual(sampleRunEvents);
  });

  it('rejects invalid UTF-8 with a clear error', () => {
    const decoder = new SseDecoder();
    decoder.push('data: 1\n\n');
    const error = captureError(() => decoder.push(Uint8Array.of(0x64, 0xc3, 0x28)));
    expect(error.code).toBe('invalid-utf8');
    expect(error.lineNumber).toBe(3);
  });

  it('rejects a stream that ends inside a multi-byte character', () => {
    const decoder = new SseDecoder();
    decoder.push(encoder.encode('data: "中"').subarray(0, 8));
    expect(captureError(() => decoder.end()).code).toBe('invalid-utf8');
  });

  it('bounds the memory one message can take', () => {
    const decoder = new SseDecoder({ maxRecordLength: 8 });
    expect(decoder.push('data: 1\n\n').map((message) => message.data)).toEqual(['1']);
    const error = captureError(() => decoder.push('data: 12345\ndata: 6789'));
    expect(error.code).toBe('record-too-long');
    expect(error.lineNumber).toBe(3);
  });

  it('does not rescan a long line split into many chunks', () => {
    const decoder = new SseDecoder();
    const longText = 'y'.repeat(200_000);
    const line = `data: ${longText}`;
    const decodedEarly: SseMessage[] = [];
    for (let start = 0; start < line.length; start += 7) {
      decodedEarly.push(...decoder.push(line.slice(start, start + 7)));
    }
    expect(decodedEarly).toEqual([]);
    expect(decoder.push('\n\n').map((message) => message.data)).toEqual([longText]);
  });
});
