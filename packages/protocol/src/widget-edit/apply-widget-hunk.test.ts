import { describe, expect, it } from 'vitest';
import { applyWidgetHunk } from './apply-widget-hunk.ts';

describe('applyWidgetHunk', () => {
  it('replaces the first exact occurrence of the search text only', () => {
    expect(applyWidgetHunk('<b>1</b><b>1</b>', '<b>1</b>', '<i>2</i>')).toBe('<i>2</i><b>1</b>');
  });

  it('deletes with an empty delta', () => {
    expect(applyWidgetHunk('a{}\nb{}\n', 'a{}\n', '')).toBe('b{}\n');
  });

  it('answers undefined when the text does not hold the search text, or it is empty', () => {
    expect(applyWidgetHunk('abc', 'x', 'y')).toBeUndefined();
    expect(applyWidgetHunk('abc', '', 'y')).toBeUndefined();
    // Exact, unlike the server's search: a reader applies what the server resolved.
    expect(applyWidgetHunk('  <p>', '<p>  ', 'x')).toBeUndefined();
  });
});
