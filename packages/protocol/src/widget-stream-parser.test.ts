import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createSeededRandom } from './seeded-random.ts';
import { splitAt } from './testing/split-at.ts';
import type { WidgetChunk } from './widget-chunk.ts';
import { mergeAdjacentChunks, parseWidgetReply, WidgetStreamParser } from './widget-stream-parser.ts';

const fixtureDirectory = new URL('./testing/fixtures/replies/', import.meta.url);
const fixtures = readdirSync(fixtureDirectory)
  .filter((name) => name.endsWith('.txt'))
  .map((name) => ({
    name: name.replace(/\.txt$/, ''),
    text: readFileSync(new URL(name, fixtureDirectory), 'utf8'),
    expected: JSON.parse(
      readFileSync(new URL(name.replace(/\.txt$/, '.expected.json'), fixtureDirectory), 'utf8'),
    ) as WidgetChunk[],
  }));

function parsePieces(pieces: string[]): WidgetChunk[] {
  const parser = new WidgetStreamParser();
  const chunks = pieces.flatMap((piece) => parser.push(piece));
  return [...chunks, ...parser.end()];
}

describe('WidgetStreamParser fixtures', () => {
  it('has at least 15 reply fixtures', () => {
    expect(fixtures.length).toBeGreaterThanOrEqual(15);
  });

  it.each(fixtures)('$name gives its expected merged output when pushed whole', ({ text, expected }) => {
    expect(mergeAdjacentChunks(parsePieces([text]))).toEqual(expected);
  });

  it.each(fixtures)('$name gives the same output split at every index', ({ text, expected }) => {
    for (let index = 0; index <= text.length; index += 1) {
      expect(mergeAdjacentChunks(parsePieces(splitAt({ whole: text, cuts: [index] })))).toEqual(expected);
    }
  });

  const shortFixtures = fixtures.filter(({ text }) => text.length < 600);
  it.each(shortFixtures)(
    '$name gives the same output split at every pair of indices',
    ({ text, expected }) => {
      const expectedJson = JSON.stringify(expected);
      for (let first = 0; first <= text.length; first += 1) {
        for (let second = first; second <= text.length; second += 1) {
          const merged = mergeAdjacentChunks(parsePieces(splitAt({ whole: text, cuts: [first, second] })));
          if (JSON.stringify(merged) !== expectedJson) {
            expect({ first, second, merged }).toEqual({ first, second, merged: expected });
          }
        }
      }
    },
  );

  it('gives the same output for 10,000 seeded random multi-way splits', () => {
    const random = createSeededRandom(20_240_611);
    for (let run = 0; run < 10_000; run += 1) {
      const { text, expected } = fixtures[run % fixtures.length]!;
      const pieceCount = 1 + Math.floor(random() * 40);
      const indices = Array.from({ length: pieceCount }, () => Math.floor(random() * (text.length + 1)));
      expect(mergeAdjacentChunks(parsePieces(splitAt({ whole: text, cuts: indices })))).toEqual(expected);
    }
  });

  it('gives the same output one character at a time', () => {
    for (const { text, expected } of fixtures) {
      expect(mergeAdjacentChunks(parsePieces([...text]))).toEqual(expected);
    }
  });
});

describe('WidgetStreamParser streaming', () => {
  it('emits everything before a possible marker at once and holds back only that tail', () => {
    const parser = new WidgetStreamParser();
    expect(parser.push('Hello there @@HT')).toEqual([{ type: 'prose', delta: 'Hello there ' }]);
    expect(parser.push('ML@@\n<p>')).toEqual([{ type: 'html', delta: '<p>' }]);
  });

  it('holds back a lone @, a bare @@ and a height marker still reading digits', () => {
    for (const tail of ['@', '@@', '@@HEIGHT', '@@HEIGHT:4', '@@HEIGHT:42']) {
      const parser = new WidgetStreamParser();
      expect(parser.push(`x${tail}`)).toEqual([{ type: 'prose', delta: 'x' }]);
    }
  });

  it('releases a held tail as soon as it can no longer become a marker', () => {
    const parser = new WidgetStreamParser();
    expect(parser.push('a@@')).toEqual([{ type: 'prose', delta: 'a' }]);
    expect(parser.push('X')).toEqual([{ type: 'prose', delta: '@@X' }]);
  });

  it('flushes a held tail that never became a marker as the text it was', () => {
    const parser = new WidgetStreamParser();
    parser.push('price@@HTM');
    expect(parser.end()).toEqual([{ type: 'prose', delta: '@@HTM' }]);
  });

  it('ends a height marker cut off by the end of the stream and emits its digits', () => {
    expect(parseWidgetReply('Look:\n@@HEIGHT:42')).toEqual([
      { type: 'prose', delta: 'Look:\n' },
      { type: 'height', delta: '42' },
    ]);
  });

  it('emits the end chunk with an empty delta and never an empty delta otherwise', () => {
    const chunks = parsePieces([...'@@HEIGHT:1@@\n@@CSS@@\n@@HTML@@\n@@JS@@\n@@END@@\n']);
    expect(chunks).toEqual([
      { type: 'height', delta: '1' },
      { type: 'end', delta: '' },
    ]);
  });

  it('does not synthesise an end chunk when the stream stops inside the block', () => {
    const chunks = parseWidgetReply('@@HTML@@\n<p>half');
    expect(chunks).toEqual([{ type: 'html', delta: '<p>half' }]);
  });

  it('holds back a fence line only at the start and end of a code channel', () => {
    const parser = new WidgetStreamParser();
    expect(parser.push('@@JS@@\n``')).toEqual([]);
    expect(parser.push('`js\nrun();\n`')).toEqual([{ type: 'js', delta: 'run();\n' }]);
    expect(parser.push('``\n')).toEqual([]);
    expect(parser.push('@@END@@')).toEqual([{ type: 'end', delta: '' }]);
  });

  it('keeps a fence-like line in the middle of a channel', () => {
    const reply = '@@JS@@\nconst a = `\n```\n`;\n@@END@@';
    expect(parseWidgetReply(reply)).toEqual([
      { type: 'js', delta: 'const a = `\n```\n`;\n' },
      { type: 'end', delta: '' },
    ]);
  });

  it('trims only the single line break after a marker', () => {
    expect(parseWidgetReply('@@CSS@@\n\na{}@@END@@\n\nafter')).toEqual([
      { type: 'css', delta: '\na{}' },
      { type: 'end', delta: '' },
      { type: 'prose', delta: '\nafter' },
    ]);
  });

  it('closes a height marker at the line break without leaking the next marker', () => {
    expect(parseWidgetReply('@@HEIGHT:420\n@@CSS@@\na{}')).toEqual([
      { type: 'height', delta: '420' },
      { type: 'css', delta: 'a{}' },
    ]);
  });

  it('drops a height value that is not a number of pixels', () => {
    for (const value of ['auto', '4 2', '-5', '42em', '']) {
      expect(parseWidgetReply(`@@HEIGHT:${value}@@\n@@HTML@@x`)).toEqual([{ type: 'html', delta: 'x' }]);
    }
  });

  it('treats prose between the height marker and the first channel as prose', () => {
    expect(parseWidgetReply('@@HEIGHT:9@@\nnote\n@@HTML@@x')).toEqual([
      { type: 'height', delta: '9' },
      { type: 'prose', delta: 'note\n' },
      { type: 'html', delta: 'x' },
    ]);
  });

  it('refuses pushes after end', () => {
    const parser = new WidgetStreamParser();
    parser.end();
    expect(() => parser.push('more')).toThrow(/already ended/);
  });
});

describe('WidgetStreamParser and astral characters', () => {
  // A lone surrogate in any chunk is invalid UTF-16, which strict UTF-8 encoders (a Python client) refuse.
  const loneSurrogate = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
  const reply =
    '👋 hi 🇫🇷\n@@HEIGHT:80@@\n@@CSS@@\n.a::after{content:"🍰"}\n@@HTML@@\n<p>𝄞😀</p>\n@@JS@@\nlog("🎉");\n@@END@@\nbye 👩‍🍳';

  it('never cuts a surrogate pair, split at every index or every pair of indices', () => {
    const expected = mergeAdjacentChunks(parseWidgetReply(reply));
    for (let first = 0; first <= reply.length; first += 1) {
      for (let second = first; second <= reply.length; second += 1) {
        const chunks = parsePieces(splitAt({ whole: reply, cuts: [first, second] }));
        for (const chunk of chunks)
          expect(chunk.delta, `cut at ${first}, ${second}`).not.toMatch(loneSurrogate);
        expect(mergeAdjacentChunks(chunks)).toEqual(expected);
      }
    }
  });

  it('never cuts a surrogate pair one code unit at a time', () => {
    const chunks = parsePieces(reply.split(''));
    for (const chunk of chunks) expect(chunk.delta).not.toMatch(loneSurrogate);
    expect(mergeAdjacentChunks(chunks)).toEqual(mergeAdjacentChunks(parseWidgetReply(reply)));
  });

  it('holds a trailing high surrogate until its low half arrives', () => {
    const parser = new WidgetStreamParser();
    expect(parser.push('ok \uD83D')).toEqual([{ type: 'prose', delta: 'ok ' }]);
    expect(parser.push('')).toEqual([]);
    expect(parser.push('\uDE00!')).toEqual([{ type: 'prose', delta: '😀!' }]);
  });

  it('passes on a high surrogate that no low half follows, as the input had it', () => {
    const parser = new WidgetStreamParser();
    expect(parser.push('a\uD83D')).toEqual([{ type: 'prose', delta: 'a' }]);
    expect(parser.push('\uD83Db')).toEqual([{ type: 'prose', delta: '\uD83D\uD83Db' }]);
    expect(parser.push('\uD83D')).toEqual([]);
    expect(parser.end()).toEqual([{ type: 'prose', delta: '\uD83D' }]);
  });
});
