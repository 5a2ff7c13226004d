import { describe, expect, it } from 'vitest';
import { sampleRunEvents } from '../testing/sample-run-events.ts';
import { seededCuts, splitAt } from '../testing/split-at.ts';
import { NdjsonDecoder } from './ndjson-decoder.ts';
import { encodeNdjsonEvent } from './ndjson-encoder.ts';
import { StreamDecodeError } from './stream-decode-error.ts';

const encoder = new TextEncoder();
const sampleBytes = encoder.encode(sampleRunEvents.map((event) => encodeNdjsonEvent(event)).join(''));

function decodeAll(chunks: readonly (Uint8Array | string)[]): unknown[] {
  const decoder = new NdjsonDecoder();
  return [...chunks.flatMap((chunk) => decoder.push(chunk)), ...decoder.end()];
}

function captureError(action: () => unknown): StreamDecodeError {
  try {
    action();
  } catch (error) {
    if (StreamDecodeError.isInstance(error)) return error;
    throw error;
  }
  throw new Error('expected a StreamDecodeError');
}

describe('NdjsonDecoder', () => {
  it('contains multi-byte characters in the sample, so splits land inside them', () => {
    expect(sampleBytes.length).toBeGreaterThan(new TextDecoder().decode(sampleBytes).length);
  });

  it('decodes the same events at every single split index', () => {
    for (let index = 0; index <= sampleBytes.length; index += 1) {
      expect(decodeAll(splitAt({ whole: sampleBytes, cuts: [index] })), `split at byte ${index}`).toEqual(
        sampleRunEvents,
      );
    }
  });

  it('decodes the same events under seeded random multi-way splits', () => {
    for (let seed = 1; seed <= 300; seed += 1) {
      const cuts = seededCuts({ seed, length: sampleBytes.length, count: 1 + (seed % 40) });
      expect(decodeAll(splitAt({ whole: sampleBytes, cuts })), `seed ${seed}`).toEqual(sampleRunEvents);
    }
  });

  it('decodes one byte at a time', () => {
    const bytes = Array.from(sampleBytes, (byte) => Uint8Array.of(byte));
    expect(decodeAll(bytes)).toEqual(sampleRunEvents);
  });

  it('returns every event of a multi-event chunk from one push', () => {
    const decoder = new NdjsonDecoder();
    expect(decoder.push(sampleBytes)).toEqual(sampleRunEvents);
    expect(decoder.end()).toEqual([]);
  });

  it('returns nothing until a line is complete', () => {
    const decoder = new NdjsonDecoder();
    expect(decoder.push('{"a":')).toEqual([]);
    expect(decoder.push('1}')).toEqual([]);
    expect(decoder.push('\n{"b"')).toEqual([{ a: 1 }]);
    expect(decoder.push(':2}\n')).toEqual([{ b: 2 }]);
  });

  it('accepts CRLF line ends, including a split between CR and LF', () => {
    expect(decodeAll(['{"a":1}\r', '\n{"b":2}\r\n'])).toEqual([{ a: 1 }, { b: 2 }]);
  });

  it('flushes a final line that has no newline at end()', () => {
    const decoder = new NdjsonDecoder();
    expect(decoder.push('{"a":1}\n{"b":2}')).toEqual([{ a: 1 }]);
    expect(decoder.end()).toEqual([{ b: 2 }]);
  });

  it('skips empty and whitespace-only lines but counts them in line numbers', () => {
    const decoder = new NdjsonDecoder();
    expect(decoder.pushRecords('\n{"a":1}\n  \r\n\n{"b":2}\n').records).toEqual([
      { value: { a: 1 }, lineNumber: 2 },
      { value: { b: 2 }, lineNumber: 5 },
    ]);
  });

  it('drops one leading byte-order mark, whether pushed as bytes or text, split or whole', () => {
    const withMark = Uint8Array.of(0xef, 0xbb, 0xbf, ...encoder.encode('{"a":1}\n'));
    expect(decodeAll([withMark.subarray(0, 2), withMark.subarray(2)])).toEqual([{ a: 1 }]);
    expect(decodeAll(['\uFEFF{"a":1}\n'])).toEqual([{ a: 1 }]);
  });

  it('reports an invalid JSON line with its line number and the values before it', () => {
    const decoder = new NdjsonDecoder();
    const error = captureError(() => decoder.push('{"a":1}\n{"b":2}\n{"c":\n{"d":4}\n'));
    expect(error.code).toBe('invalid-json');
    expect(error.lineNumber).toBe(3);
    expect(error.message).toBe('Line 3: not a JSON value: "{\\"c\\":"');
    expect(error.valuesBeforeError).toEqual([{ a: 1 }, { b: 2 }]);
    expect(decoder.push('')).toEqual([{ d: 4 }]);
  });

  it('reports an invalid final line at end()', () => {
    const decoder = new NdjsonDecoder();
    decoder.push('{"a":1}\nnot json');
    const error = captureError(() => decoder.end());
    expect(error.code).toBe('invalid-json');
    expect(error.lineNumber).toBe(2);
  });

  it('rejects invalid UTF-8 with a clear error, and stays failed', () => {
    const decoder = new NdjsonDecoder();
    expect(decoder.push('{"a":1}\n')).toEqual([{ a: 1 }]);
    const error = captureError(() => decoder.push(Uint8Array.of(0x22, 0xff, 0x22, 0x0a)));
    expect(error.code).toBe('invalid-utf8');
    expect(error.lineNumber).toBe(2);
    expect(error.message).toBe('Line 2: the stream is not valid UTF-8');
    expect(captureError(() => decoder.push('{"b":2}\n')).code).toBe('invalid-utf8');
  });

  it('rejects a stream that ends inside a multi-byte character', () => {
    const decoder = new NdjsonDecoder();
    const emoji = encoder.encode('"🍰"');
    expect(decoder.push(emoji.subarray(0, 3))).toEqual([]);
    const error = captureError(() => decoder.end());
    expect(error.code).toBe('invalid-utf8');
    expect(error.message).toContain('ends inside a multi-byte character');
  });

  it('rejects a text chunk that interrupts a multi-byte character', () => {
    const decoder = new NdjsonDecoder();
    decoder.push(encoder.encode('"é"').subarray(0, 2));
    expect(captureError(() => decoder.push('"\n')).code).toBe('invalid-utf8');
  });

  it('bounds the memory a line without a newline can take', () => {
    const decoder = new NdjsonDecoder({ maxRecordLength: 10 });
    expect(decoder.push('{"a":1}\n{"long":')).toEqual([{ a: 1 }]);
    const error = captureError(() => decoder.push('"abcdef"'));
    expect(error.code).toBe('record-too-long');
    expect(error.lineNumber).toBe(2);
  });

  it('does not rescan a long line split into many chunks', () => {
    const decoder = new NdjsonDecoder();
    const longText = 'x'.repeat(200_000);
    const line = JSON.stringify({ text: longText });
    const decodedBeforeNewline: unknown[] = [];
    for (let start = 0; start < line.length; start += 7) {
      decodedBeforeNewline.push(...decoder.push(line.slice(start, start + 7)));
    }
    expect(decodedBeforeNewline).toEqual([]);
    expect(decoder.push('\n')).toEqual([{ text: longText }]);
  });
});
