import { describe, expect, it } from 'vitest';
import { diffLines } from './line-diff.ts';

describe('diffLines', () => {
  it('keeps common lines and marks what was removed and added', () => {
    expect(diffLines({ before: 'a\nb\nc\n', after: 'a\nB\nc\nd\n' })).toEqual([
      { kind: 'same', text: 'a' },
      { kind: 'removed', text: 'b' },
      { kind: 'added', text: 'B' },
      { kind: 'same', text: 'c' },
      { kind: 'added', text: 'd' },
    ]);
  });

  it('finds the longest common lines in a reordered middle', () => {
    const kinds = diffLines({ before: 'x\n1\n2\n3\ny\n', after: 'x\n2\n3\n1\ny\n' }).map(
      (line) => `${line.kind[0]}${line.text}`,
    );
    expect(kinds).toEqual(['sx', 'r1', 's2', 's3', 'a1', 'sy']);
  });

  it('says nothing changed for equal texts and everything for an empty side', () => {
    expect(diffLines({ before: 'p{}\n', after: 'p{}\n' })).toEqual([{ kind: 'same', text: 'p{}' }]);
    expect(diffLines({ before: '', after: 'a\nb' })).toEqual([
      { kind: 'added', text: 'a' },
      { kind: 'added', text: 'b' },
    ]);
  });
});
