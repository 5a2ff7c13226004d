import { describe, expect, it } from 'vitest';
import type { WidgetPart } from '../generated-widget.ts';
import { WidgetPartLog } from './widget-part-log.ts';

const parts: WidgetPart[] = [
  { part: 'height', delta: '4' },
  { part: 'height', delta: '20' },
  { part: 'css', delta: 'p{' },
  { part: 'html', delta: '<p>' },
  { part: 'css', delta: 'color:red}' },
  { part: 'html', delta: 'hi</p>' },
  { part: 'end', delta: '' },
];

describe('WidgetPartLog', () => {
  it('keeps every delta as it arrived, in order', () => {
    const log = WidgetPartLog.of(parts);
    expect(log.count).toBe(parts.length);
    expect(log.all()).toEqual(parts);
  });

  it('leaves the log it was appended to unchanged', () => {
    const before = WidgetPartLog.of(parts.slice(0, 3));
    const after = before.append(parts[3]!);
    const branch = before.append({ part: 'js', delta: 'go()' });
    expect(before.all()).toEqual(parts.slice(0, 3));
    expect(after.all()).toEqual(parts.slice(0, 4));
    expect(branch.all()).toEqual([...parts.slice(0, 3), { part: 'js', delta: 'go()' }]);
  });

  it('hands out only the parts after an earlier state of itself', () => {
    const earlier = WidgetPartLog.of(parts.slice(0, 2));
    let later = earlier;
    for (const part of parts.slice(2)) later = later.append(part);
    expect(later.partsAfter(earlier)).toEqual(parts.slice(2));
    expect(later.partsAfter(later)).toEqual([]);
    expect(later.partsAfter(WidgetPartLog.empty)).toEqual(parts);
  });

  it('says when a log does not continue the other: equal content is not the same history', () => {
    const earlier = WidgetPartLog.of(parts.slice(0, 3));
    const lookalike = WidgetPartLog.of(parts);
    expect(lookalike.partsAfter(earlier)).toBeUndefined();
    expect(earlier.partsAfter(lookalike)).toBeUndefined();
  });

  it('joins the deltas of one channel', () => {
    const log = WidgetPartLog.of(parts);
    expect(log.text('height')).toBe('420');
    expect(log.text('css')).toBe('p{color:red}');
    expect(log.text('html')).toBe('<p>hi</p>');
    expect(log.text('js')).toBe('');
  });

  it('starts a channel afresh at a part that replaces it', () => {
    const log = WidgetPartLog.of([
      { part: 'css', delta: 'a{}' },
      { part: 'html', delta: '<p>' },
      { part: 'css', delta: 'b{}', replace: true },
      { part: 'css', delta: 'c{}' },
      { part: 'html', delta: '', replace: true },
    ]);
    expect(log.text('css')).toBe('b{}c{}');
    expect(log.text('html')).toBe('');
  });

  it('applies a hunk to its channel where it comes: the first occurrence of its search text', () => {
    const log = WidgetPartLog.of([
      { part: 'html', delta: '<p>a</p>' },
      { part: 'html', delta: '<p>a</p>' },
      { part: 'html', search: '<p>a</p>', delta: '<p>b</p>' },
      { part: 'html', delta: '<i>' },
      { part: 'css', search: 'nowhere', delta: 'x{}' },
    ]);
    expect(log.text('html')).toBe('<p>b</p><p>a</p><i>');
    // A hunk whose search text is not there (a reader without the base) changes nothing.
    expect(log.text('css')).toBe('');
  });
});
