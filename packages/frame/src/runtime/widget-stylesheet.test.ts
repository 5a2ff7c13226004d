// @vitest-environment happy-dom

import { beforeEach, describe, expect, it } from 'vitest';
import { WidgetStylesheet } from './widget-stylesheet.ts';

let sheet: WidgetStylesheet;

const styleTexts = () => Array.from(document.head.querySelectorAll('style'), (style) => style.textContent);

beforeEach(() => {
  const element = document.createElement('style');
  element.id = 'widget-css';
  document.head.replaceChildren(element);
  sheet = new WidgetStylesheet({ element });
});

describe('WidgetStylesheet', () => {
  it('appends the deltas of a new widget to one sheet', () => {
    sheet.append('button{');
    sheet.append('color:red}');
    expect(styleTexts()).toEqual(['button{color:red}']);
  });

  it('keeps the old sheet under a replacing one until that one is complete', () => {
    sheet.append('button{color:red}');
    sheet.replace('button{col');
    // Both apply while the new part streams: the button is never unstyled.
    expect(styleTexts()).toEqual(['button{color:red}', 'button{col']);
    sheet.append('or:white;background:#111}');
    sheet.settle();
    expect(styleTexts()).toEqual(['button{color:white;background:#111}']);
    sheet.append('p{margin:0}');
    expect(styleTexts()).toEqual(['button{color:white;background:#111}p{margin:0}']);
  });

  it('swaps at once when nothing is styled yet or the new text is the same', () => {
    sheet.replace('a{}');
    expect(styleTexts()).toEqual(['a{}']);
    sheet.replace('a{}');
    expect(styleTexts()).toEqual(['a{}']);
  });

  it('settles a replacing part when the next one replaces it again', () => {
    sheet.append('a{}');
    sheet.replace('b{}');
    sheet.replace('c{}');
    expect(styleTexts()).toEqual(['b{}', 'c{}']);
    sheet.settle();
    expect(styleTexts()).toEqual(['c{}']);
  });

  it('applies a hunk to the sheet in force, whole at once, and ignores one that does not match', () => {
    sheet.append('button{color:red}p{margin:0}');
    sheet.patch('color:red', 'color:white');
    expect(styleTexts()).toEqual(['button{color:white}p{margin:0}']);
    sheet.patch('nowhere', 'x');
    expect(styleTexts()).toEqual(['button{color:white}p{margin:0}']);
    expect(document.head.querySelector('style')!.id).toBe('widget-css');
  });

  it('applies a hunk to a replacing part still streaming, settling it first', () => {
    sheet.append('a{}');
    sheet.replace('b{color:red}');
    sheet.patch('red', 'blue');
    expect(styleTexts()).toEqual(['b{color:blue}']);
  });
});
