import { createSeededRandom } from '@drawbridge/protocol';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { largestPieceLength, splitIntoTokenPieces } from './split-into-token-pieces.ts';

function isLoneSurrogateAtEdge(piece: string): boolean {
  const first = piece.charCodeAt(0);
  const last = piece.charCodeAt(piece.length - 1);
  return (first >= 0xdc00 && first <= 0xdfff) || (last >= 0xd800 && last <= 0xdbff);
}

describe('splitIntoTokenPieces', () => {
  it('reassembles exactly and never cuts a surrogate pair, for any text and seed', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 400 }), fc.integer(), (text, seed) => {
        const pieces = splitIntoTokenPieces(text, createSeededRandom(seed));
        expect(pieces.join('')).toBe(text);
        for (const piece of pieces) {
          expect(piece.length).toBeGreaterThan(0);
          expect(piece.length).toBeLessThanOrEqual(largestPieceLength + 1);
          expect(isLoneSurrogateAtEdge(piece)).toBe(false);
        }
      }),
      { numRuns: 500 },
    );
  });

  it('keeps emoji whole even when every cut would land inside one', () => {
    const text = '😀'.repeat(50);
    const pieces = splitIntoTokenPieces(text, () => 0);
    expect(pieces.every((piece) => piece === '😀')).toBe(true);
  });

  it('cuts markers freely, so the widget parser sees realistic splits', () => {
    const text = 'Intro.\n@@HEIGHT:300@@\n@@CSS@@.a{}\n@@HTML@@<div></div>\n@@END@@'.repeat(20);
    const pieces = splitIntoTokenPieces(text, createSeededRandom(7));
    expect(pieces.some((piece) => piece.includes('@@') && !/@@[A-Z:0-9]+@@/.test(piece))).toBe(true);
  });

  it('is deterministic for a seed', () => {
    const text = 'The quick brown fox jumps over the lazy dog. '.repeat(10);
    expect(splitIntoTokenPieces(text, createSeededRandom(3))).toEqual(
      splitIntoTokenPieces(text, createSeededRandom(3)),
    );
    expect(splitIntoTokenPieces(text, createSeededRandom(3))).not.toEqual(
      splitIntoTokenPieces(text, createSeededRandom(4)),
    );
  });
});
