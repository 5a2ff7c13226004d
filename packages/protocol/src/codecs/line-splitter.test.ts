import { describe, expect, it } from 'vitest';
import { splitAt } from '../testing/split-at.ts';
import { LineSplitter, type NumberedLine } from './line-splitter.ts';

const encoder = new TextEncoder();

function pullAll(splitter: LineSplitter): NumberedLine[] {
  const lines: NumberedLine[] = [];
  for (let line = splitter.nextLine(); line !== undefined; line = splitter.nextLine()) lines.push(line);
  return lines;
}

function splitStream(chunks: readonly (Uint8Array | string)[]): string[] {
  const splitter = new LineSplitter();
  const lines: NumberedLine[] = [];
  for (const chunk of chunks) {
    expect(splitter.push(chunk)).toBeUndefined();
    lines.push(...pullAll(splitter));
  }
  expect(splitter.end()).toBeUndefined();
  lines.push(...pullAll(splitter));
  const lastLine = splitter.takeUnfinishedLine();
  if (lastLine !== undefined) lines.push(lastLine);
  expect(lines.map((line) => line.lineNumber)).toEqual(lines.map((_, index) => index + 1));
  return lines.map((line) => line.text);
}

describe('LineSplitter', () => {
  const mixedText = 'crème\r\nbrûlée\n\n🍰 cake\r\r\nlast 中';

  const expectedLines = ['crème', 'brûlée', '', '🍰 cake\r', 'last 中'];

  it('splits at LF and CRLF, whatever byte the stream is cut at', () => {
    const bytes = encoder.encode(mixedText);
    for (let index = 0; index <= bytes.length; index += 1) {
      expect(splitStream(splitAt({ whole: bytes, cuts: [index] })), `cut at byte ${index}`).toEqual(
        expectedLines,
      );
    }
  });

  it('decodes one byte at a time, holding back split multi-byte characters', () => {
    const bytes = Array.from(encoder.encode('é\n中\n🍰'), (byte) => Uint8Array.of(byte));
    expect(splitStream(bytes)).toEqual(['é', '中', '🍰']);
  });

  it('counts a CRLF split across chunks as one line end, and a lone CR as text', () => {
    expect(splitStream(['a\r', '\nb\rc\r', '', '\r\n'])).toEqual(['a', 'b\rc\r']);
  });

  it('drops the CR of a final line without a line end under the LF rule', () => {
    expect(splitStream(['tail\r'])).toEqual(['tail']);
  });

  it('drops one leading byte-order mark', () => {
    expect(splitStream(['\uFEFF\uFEFFx\n'])).toEqual(['\uFEFFx']);
  });

  it('keeps the text after a line the caller stopped at, for the next pull', () => {
    const splitter = new LineSplitter();
    splitter.push('one\ntwo\nthr');
    expect(splitter.nextLine()).toEqual({ text: 'one', lineNumber: 1 });
    expect(splitter.nextLineNumber).toBe(2);
    splitter.push('ee\n');
    expect(pullAll(splitter)).toEqual([
      { text: 'two', lineNumber: 2 },
      { text: 'three', lineNumber: 3 },
    ]);
  });

  it('measures the unfinished line across pushes, its CR included, for the caller to bound', () => {
    const splitter = new LineSplitter();
    splitter.push('done\nabc');
    pullAll(splitter);
    splitter.push('de\r');
    expect(pullAll(splitter)).toEqual([]);
    expect(splitter.unfinishedLineLength).toBe(6);
    splitter.push('\n');
    expect(pullAll(splitter)).toEqual([{ text: 'abcde', lineNumber: 2 }]);
    expect(splitter.unfinishedLineLength).toBe(0);
  });

  it('discards the unfinished line and queued text without renumbering', () => {
    const splitter = new LineSplitter();
    splitter.push('first\nsecond\nthi');
    expect(splitter.nextLine()?.text).toBe('first');
    splitter.discardBufferedText();
    expect(splitter.unfinishedLineLength).toBe(0);
    expect(splitter.takeUnfinishedLine()).toBeUndefined();
    splitter.push('rd\n');
    expect(pullAll(splitter)).toEqual([{ text: 'rd', lineNumber: 2 }]);
  });

  it('joins a long line that arrives in many small chunks', () => {
    const splitter = new LineSplitter();
    const longLine = 'z'.repeat(300_000);
    for (let start = 0; start < longLine.length; start += 5) {
      splitter.push(longLine.slice(start, start + 5));
      expect(splitter.nextLine()).toBeUndefined();
    }
    expect(splitter.unfinishedLineLength).toBe(longLine.length);
    splitter.push('\n');
    expect(splitter.nextLine()).toEqual({ text: longLine, lineNumber: 1 });
  });

  it('returns invalid UTF-8 as an error value numbered at the line it starts on', () => {
    const splitter = new LineSplitter();
    splitter.push('ok\n');
    pullAll(splitter);
    const error = splitter.push(Uint8Array.of(0x61, 0xff));
    expect(error?.code).toBe('invalid-utf8');
    expect(error?.lineNumber).toBe(2);
    expect(splitter.push('more\n')?.code).toBe('invalid-utf8');
  });

  it('returns an error value when the stream ends inside a multi-byte character', () => {
    const splitter = new LineSplitter();
    expect(splitter.push(encoder.encode('€').subarray(0, 2))).toBeUndefined();
    expect(splitter.end()?.message).toBe(
      'Line 1: the stream is not valid UTF-8 (it ends inside a multi-byte character)',
    );
  });
});
