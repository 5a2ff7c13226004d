import { describe, expect, it } from 'vitest';
import { partialJsonArguments } from './partial-json-arguments.ts';

describe('partialJsonArguments', () => {
  it.each([
    ['', undefined],
    ['{', {}],
    ['{"note": "rememb', { note: 'rememb' }],
    ['{"note": "a", "tags": ["x", "y', { note: 'a', tags: ['x', 'y'] }],
    ['{"note": "a",', { note: 'a' }],
    ['{"note": "a", "coun', { note: 'a' }],
    ['{"n": {"deep": [1, 2', { n: { deep: [1, 2] } }],
    ['{"quote": "say \\"hi', { quote: 'say "hi' }],
    ['{"note": "done"}', { note: 'done' }],
  ])('%s', (text, expected) => {
    expect(partialJsonArguments(text)).toEqual(expected);
  });

  it('gives a growing object at every prefix of a real argument string', () => {
    const full = JSON.stringify({ title: 'Orbit', points: [1, 2, 3], options: { spin: true } });
    for (let length = 1; length <= full.length; length += 1) {
      const partial = partialJsonArguments(full.slice(0, length));
      if (length > 1) expect(partial).toBeTypeOf('object');
    }
    expect(partialJsonArguments(full)).toEqual(JSON.parse(full));
  });
});
