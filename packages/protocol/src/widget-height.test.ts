import { describe, expect, it } from 'vitest';
import {
  clampWidgetHeight,
  defaultWidgetHeight,
  maximumWidgetHeight,
  minimumWidgetHeight,
  readWidgetHeight,
} from './widget-height.ts';
import { WidgetHeightReader } from './widget-height-reader.ts';

describe('readWidgetHeight', () => {
  it('reads the digits of a height value, with blanks and a px unit around them', () => {
    expect(readWidgetHeight('420')).toBe(420);
    expect(readWidgetHeight(' 360px ')).toBe(360);
    expect(readWidgetHeight('\t250 px\r')).toBe(250);
    expect(readWidgetHeight('0480')).toBe(480);
  });

  it('is null for an empty value or anything that is not a plain number of pixels', () => {
    for (const text of ['', '   ', 'auto', '42em', '4 2', '-40', '40pxx', '40p', '1e3', '４２']) {
      expect(readWidgetHeight(text), JSON.stringify(text)).toBeNull();
    }
  });

  it('clamps what the model asked for into the bounds, however large', () => {
    expect(readWidgetHeight('7')).toBe(minimumWidgetHeight);
    expect(readWidgetHeight('99999')).toBe(maximumWidgetHeight);
    expect(readWidgetHeight('9'.repeat(400))).toBe(maximumWidgetHeight);
  });

  it('reads a value split over several deltas like the same value in one piece', () => {
    const reader = new WidgetHeightReader();
    for (const piece of [' 4', '2', '0p', 'x ']) reader.read(piece);
    expect(reader.digitsIfValid()).toBe('420');
    expect(readWidgetHeight(' 4' + '2' + '0p' + 'x ')).toBe(420);
  });

  it('stays invalid once a character broke the value', () => {
    const reader = new WidgetHeightReader();
    reader.read('42@');
    reader.read('0');
    expect(reader.digitsIfValid()).toBeUndefined();
  });
});

describe('clampWidgetHeight', () => {
  it('rounds to whole pixels within the bounds', () => {
    expect(clampWidgetHeight(333.4)).toBe(333);
    expect(clampWidgetHeight(0)).toBe(minimumWidgetHeight);
    expect(clampWidgetHeight(-5)).toBe(minimumWidgetHeight);
    expect(clampWidgetHeight(12_000)).toBe(maximumWidgetHeight);
    expect(clampWidgetHeight(Number.POSITIVE_INFINITY)).toBe(maximumWidgetHeight);
  });

  it('falls back to the default height for a value that is no number', () => {
    expect(clampWidgetHeight(Number.NaN)).toBe(defaultWidgetHeight);
  });
});
