import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { referenceParseReply } from '../testing/reference-parse-reply.ts';
import { splitAt } from '../testing/split-at.ts';
import type { WidgetChunk } from '../widget-chunk.ts';
import { mergeAdjacentChunks, WidgetStreamParser } from '../widget-stream-parser.ts';

// Replies built from markers (whole and cut) and from the content that sits next to them: fences, blanks,
// line breaks and height values. Drawing markers and content with equal weight makes every rule likely.
const markerPieces = fc.constantFrom(
  '@',
  '@@',
  '@@HEIGHT:',
  '@@HEIGHT',
  '@@HT',
  '@@CSS@@',
  '@@HTML@@',
  '@@JS@@',
  '@@END@@',
  '@@END',
  '@@FOO@@',
  'CSS@@',
  '@@EDIT:',
  '@@EDIT:w1@@',
  '@@ED',
  '@@SEARCH@@',
  '@@SEA',
  '@@REPLACE@@',
  '@@REPL',
);
const contentPieces = fc.constantFrom(
  '\n',
  '\r\n',
  '\r',
  '`',
  '```',
  '```css',
  ' ',
  '\t',
  '4',
  '20',
  'px',
  'p',
  'x',
  'a{}',
  'é',
  '😀',
  '🇫🇷',
  '𝄞',
  'w_1',
  '-',
);

// Fewer, denser pieces around the code channels, where fence lines are held back and stripped.
const fencePieces = fc.constantFrom(
  '@@CSS@@',
  '@@JS@@',
  '@@END@@',
  '`',
  '``',
  '```',
  '```js',
  '\n',
  ' ',
  '\r',
  'a',
);

const reply = fc.oneof(
  fc.array(fc.oneof(markerPieces, contentPieces), { maxLength: 24 }).map((pieces) => pieces.join('')),
  fc.array(fencePieces, { maxLength: 16 }).map((pieces) => pieces.join('')),
  fc.string({ unit: 'binary', maxLength: 80 }),
  fc.string({ unit: fc.constantFrom('@', '`', '\n', 'H', 'E', 'N', 'D', ':', '1', ' '), maxLength: 80 }),
);

function parsePieces(pieces: string[]): WidgetChunk[] {
  const parser = new WidgetStreamParser();
  const chunks = pieces.flatMap((piece) => parser.push(piece));
  return [...chunks, ...parser.end()];
}

/** The text cut at `cuts`, each taken modulo the text's length + 1 so any natural number is a cut. */
function splitAtAny(text: string, cuts: number[]): string[] {
  return splitAt({ whole: text, cuts: cuts.map((cut) => cut % (text.length + 1)) });
}

/** True when every character of `part` occurs in `whole`, in order: nothing invented, nothing repeated. */
function isSubsequence(part: string, whole: string): boolean {
  let position = 0;
  for (const character of part) {
    position = whole.indexOf(character, position);
    if (position === -1) return false;
    position += character.length;
  }
  return true;
}

describe('WidgetStreamParser properties', () => {
  it('never throws and matches the whole-text reference grammar on any input', () => {
    fc.assert(
      fc.property(reply, (text) => {
        expect(mergeAdjacentChunks(parsePieces([text]))).toEqual(referenceParseReply(text));
      }),
      { numRuns: 20_000 },
    );
  });

  it('emits only characters of the input, in order, and no empty delta except end and hunk', () => {
    fc.assert(
      fc.property(reply, (text) => {
        const chunks = parsePieces([text]);
        // A hunk's delta names its part (the marker before it), the one delta not copied from where it stands.
        const content = chunks
          .filter((chunk) => chunk.type !== 'hunk')
          .map((chunk) => chunk.delta)
          .join('');
        expect(isSubsequence(content, text)).toBe(true);
        for (const chunk of chunks) {
          if (chunk.type === 'hunk') expect(['', 'css', 'html', 'js']).toContain(chunk.delta);
          else expect(chunk.delta === '').toBe(chunk.type === 'end');
        }
      }),
      { numRuns: 2000 },
    );
  });

  it('keeps every character that is not part of a marker, a fence line or a trimmed line break', () => {
    // No capital letters and no backticks, so neither a marker nor a fence can form inside the content.
    const plainText = fc.string({ unit: fc.constantFrom('a', 'b', ' ', '\n', '{', '}', '@'), maxLength: 60 });
    fc.assert(
      fc.property(plainText, plainText, plainText, (css, html, js) => {
        const text = `hi\n@@HEIGHT:7@@\n@@CSS@@\n${css}@@HTML@@\n${html}@@JS@@\n${js}@@END@@`;
        expect(mergeAdjacentChunks(parsePieces([text]))).toEqual(
          mergeAdjacentChunks([
            { type: 'prose', delta: 'hi\n' },
            { type: 'height', delta: '7' },
            { type: 'css', delta: css },
            { type: 'html', delta: html },
            { type: 'js', delta: js },
            { type: 'end', delta: '' },
          ]).filter((chunk) => chunk.type === 'end' || chunk.delta !== ''),
        );
      }),
      { numRuns: 1000 },
    );
  });

  it('keeps the search and replace text of every hunk of an edit whole', () => {
    const plainText = fc.string({ unit: fc.constantFrom('a', 'b', ' ', '\n', '{', '}', '@'), maxLength: 40 });
    const hunk = fc.record({ search: plainText, replace: plainText });
    fc.assert(
      fc.property(fc.constantFrom('CSS', 'HTML', 'JS'), fc.array(hunk, { maxLength: 4 }), (part, hunks) => {
        const body = hunks.map(({ search, replace }) => `@@SEARCH@@\n${search}@@REPLACE@@\n${replace}`);
        const text = `Edit.\n@@EDIT:w_1@@\n@@${part}@@\n${body.join('')}@@END@@`;
        const expected = hunks.flatMap(({ search, replace }) => [
          { type: 'hunk', delta: part.toLowerCase() },
          { type: 'search', delta: search },
          { type: 'replace', delta: replace },
        ]);
        expect(mergeAdjacentChunks(parsePieces([text]))).toEqual([
          { type: 'prose', delta: 'Edit.\n' },
          { type: 'edit', delta: 'w_1' },
          ...expected.filter((chunk) => chunk.type === 'hunk' || chunk.delta !== ''),
          { type: 'end', delta: '' },
        ]);
      }),
      { numRuns: 1000 },
    );
  });

  it('gives the same merged output however fast-check splits the input', () => {
    fc.assert(
      fc.property(reply, fc.array(fc.nat(), { maxLength: 12 }), (text, cuts) => {
        const whole = mergeAdjacentChunks(parsePieces([text]));
        expect(mergeAdjacentChunks(parsePieces(splitAtAny(text, cuts)))).toEqual(whole);
      }),
      { numRuns: 3000 },
    );
  });

  it('never emits half of a surrogate pair from well-formed input, however it is split', () => {
    const loneSurrogate = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
    const wellFormedReply = fc
      .array(fc.oneof(markerPieces, contentPieces, fc.string({ unit: 'grapheme', maxLength: 4 })), {
        maxLength: 24,
      })
      .map((pieces) => pieces.join(''));
    fc.assert(
      fc.property(wellFormedReply, fc.array(fc.nat(), { maxLength: 12 }), (text, cuts) => {
        for (const chunk of parsePieces(splitAtAny(text, cuts)))
          expect(chunk.delta).not.toMatch(loneSurrogate);
      }),
      { numRuns: 3000 },
    );
  });

  it('gives the same merged output one code unit at a time', () => {
    fc.assert(
      fc.property(reply, (text) => {
        const whole = mergeAdjacentChunks(parsePieces([text]));
        expect(mergeAdjacentChunks(parsePieces(text.split('')))).toEqual(whole);
      }),
      { numRuns: 1000 },
    );
  });
});
