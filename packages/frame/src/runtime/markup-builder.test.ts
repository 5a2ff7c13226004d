// @vitest-environment happy-dom

import { splitAt } from '@drawbridge/protocol/testing';
import { widgetLimits } from '@drawbridge/protocol/widget-limits';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MarkupBuilder } from './markup-builder.ts';

const wellFormedFixtures: Record<string, string> = {
  card: `<section class="card" data-kind='summary'><h2>Revenue &amp; costs</h2><p>Up <strong>12%</strong> since May &mdash; see below.</p><ul><li>One</li><li>Two &lt;b&gt;</li></ul></section>`,
  form: `<form id="f"><label>Name <input name="n" value="Ada &quot;L&quot;" required></label><select name="s"><option value="a" selected>A</option><option value="b">B</option></select><textarea name="t">x &lt; y</textarea><button type="submit" disabled>Go</button></form>`,
  svg: `<svg viewBox="0 0 100 50" width="200"><defs><linearGradient id="g" gradientUnits="userSpaceOnUse"><stop offset="0" stop-color="#f00"/></linearGradient></defs><rect x="1" y="2" width="30" height="20" fill="url(#g)"/><path d="M0 0 L10 10"/><text x="5" y="40">Hi &amp; bye</text></svg><p>after</p>`,
  table: `<table><thead><tr><th>Name</th><th>Value</th></tr></thead><tbody><tr><td>a</td><td>1</td></tr><tr><td>b</td><td>2</td></tr></tbody></table>`,
  canvas: `<div class="stage"><canvas id="c" width="400" height="300"></canvas><div class="hud"><span>fps</span> <b>60</b></div></div>`,
  styled: `<style>.a > .b { color: red; }</style><div class="a"><div class="b">x</div></div>`,
  whitespace: `<div>\n  <p>one</p>\n  <p>two</p>\n</div>\n<hr><br><img src="data:image/png;base64,AAAA" alt="">`,
  attributes: `<div title="a > b" data-x='c "d"' data-y=plain hidden aria-label="A&amp;B">t</div>`,
};

/** Markup the HTML parser repairs; the expected DOM is written out. */
const repairedFixtures: Array<[name: string, markup: string, expected: string]> = [
  ['implied p end', '<p>one<p>two<div>three</div>', '<p>one</p><p>two</p><div>three</div>'],
  ['implied li end', '<ul><li>a<li>b</ul>', '<ul><li>a</li><li>b</li></ul>'],
  [
    'implied tbody',
    '<table><tr><td>1<td>2</table>',
    '<table><tbody><tr><td>1</td><td>2</td></tr></tbody></table>',
  ],
  ['stray end tag', '<div>a</span>b</div>', '<div>ab</div>'],
  ['unclosed inner', '<div><span>a</div>b', '<div><span>a</span></div>b'],
  ['script dropped', '<p>a<script>alert("</p>")</script>b</p>', '<p>ab</p>'],
  [
    'meta refresh dropped',
    '<meta http-equiv="refresh" content="0;url=http://x"><base href="http://x/"><p>a</p>',
    '<p>a</p>',
  ],
  ['comments skipped', '<p>a<!-- <b>not</b> -->b<!---->c</p>', '<p>abc</p>'],
  ['self-closing ignored on html', '<div/>x', '<div>x</div>'],
  [
    'textarea raw text',
    '<textarea>\n<b>bold</b> &amp;</textarea>',
    '<textarea>&lt;b&gt;bold&lt;/b&gt; &amp;</textarea>',
  ],
  ['style raw text', '<style>a::before{content:"</p>"}</style>', '<style>a::before{content:"</p>"}</style>'],
  ['numeric references', '<p>&#65;&#x42;&#0;</p>', '<p>AB\ufffd</p>'],
  ['unknown reference kept', '<p>R&D &foo; a&b</p>', '<p>R&amp;D &amp;foo; a&amp;b</p>'],
  [
    'legacy reference without semicolon',
    '<p>&copy 2025 <a href="?a=1&amp=2&copy=3">x</a></p>',
    '<p>© 2025 <a href="?a=1&amp;amp=2&amp;copy=3">x</a></p>',
  ],
  ['lone less-than', '<p>1 < 2 and 3 <= 4</p>', '<p>1 &lt; 2 and 3 &lt;= 4</p>'],
  ['breakout of svg', '<svg><g><div>x</div></g></svg>', '<svg><g></g></svg><div>x</div>'],
  ['crlf normalised', '<pre>\r\na\r\nb\rc</pre>', '<pre>a\nb\nc</pre>'],
];

function build(pieces: string[]): HTMLElement {
  const root = document.createElement('div');
  const builder = new MarkupBuilder({ root });
  for (const piece of pieces) builder.append(piece);
  builder.finish();
  return root;
}

function parsedByTemplate(markup: string): string {
  const template = document.createElement('template');
  template.innerHTML = markup;
  const root = document.createElement('div');
  root.append(template.content.cloneNode(true));
  return root.innerHTML;
}

describe('MarkupBuilder', () => {
  for (const [name, markup] of Object.entries(wellFormedFixtures)) {
    it(`builds the same DOM as the HTML parser for "${name}"`, () => {
      expect(build([markup]).innerHTML).toBe(parsedByTemplate(markup));
    });

    it(`builds the same DOM for every two-way split of "${name}"`, () => {
      const whole = build([markup]).innerHTML;
      for (let index = 0; index <= markup.length; index++) {
        expect(build(splitAt({ whole: markup, cuts: [index] })).innerHTML, `split at ${index}`).toBe(whole);
      }
    });

    it(`builds the same DOM for one-character pieces and random splits of "${name}"`, () => {
      const whole = build([markup]).innerHTML;
      expect(build([...markup]).innerHTML).toBe(whole);
      fc.assert(
        fc.property(fc.array(fc.integer({ min: 0, max: markup.length }), { maxLength: 40 }), (indexes) => {
          expect(build(splitAt({ whole: markup, cuts: indexes })).innerHTML).toBe(whole);
        }),
        { numRuns: 60 },
      );
    });
  }

  for (const [name, markup, expected] of repairedFixtures) {
    it(`repairs markup like the HTML parser: ${name}`, () => {
      expect(build([markup]).innerHTML).toBe(expected);
      expect(build([...markup]).innerHTML, 'one character at a time').toBe(expected);
    });
  }

  it('creates SVG elements and case-corrected attributes in the SVG namespace', () => {
    const root = build([
      '<svg viewbox="0 0 1 1"><lineargradient id="g"></lineargradient><a xlink:href="#x"></a></svg>',
    ]);
    const svg = root.querySelector('svg')!;
    expect(svg.namespaceURI).toBe('http://www.w3.org/2000/svg');
    expect(svg.getAttribute('viewBox')).toBe('0 0 1 1');
    expect(svg.firstElementChild!.localName).toBe('linearGradient');
    expect(svg.firstElementChild!.namespaceURI).toBe('http://www.w3.org/2000/svg');
    expect(svg.lastElementChild!.getAttributeNS('http://www.w3.org/1999/xlink', 'href')).toBe('#x');
  });

  it('puts HTML inside foreignObject back into the HTML namespace', () => {
    const root = build(['<svg><foreignObject><div>x</div></foreignObject></svg>']);
    expect(root.querySelector('div')!.namespaceURI).toBe('http://www.w3.org/1999/xhtml');
  });

  it('puts template children into the template content', () => {
    const root = build(['<template id="t"><li>row</li></template>']);
    const template = root.querySelector('template')!;
    expect(template.childNodes.length).toBe(0);
    expect(template.content.querySelector('li')!.textContent).toBe('row');
  });

  it('shows partial text at once and holds back only an unfinished tag or reference', () => {
    const root = document.createElement('div');
    const builder = new MarkupBuilder({ root });
    builder.append('<p>Hello wor');
    expect(root.innerHTML).toBe('<p>Hello wor</p>');
    builder.append('ld &am');
    expect(root.innerHTML).toBe('<p>Hello world </p>');
    builder.append('p; <b cla');
    expect(root.innerHTML).toBe('<p>Hello world &amp; </p>');
    builder.append('ss="x">bold');
    expect(root.innerHTML).toBe('<p>Hello world &amp; <b class="x">bold</b></p>');
  });

  it('never recreates a node that is already in the DOM', () => {
    const root = document.createElement('div');
    const builder = new MarkupBuilder({ root });
    builder.append('<div class="stage"><canvas width="10"></canvas><input id="i" value="a"><p>te');
    const canvas = root.querySelector('canvas')!;
    const input = root.querySelector('input')!;
    const text = root.querySelector('p')!.firstChild!;
    input.value = 'typed by the user';
    for (const piece of [
      'xt more',
      '</p><ul><li>one',
      '</li><li>two</li></ul>',
      '</div><footer>end</footer>',
    ]) {
      builder.append(piece);
      expect(root.querySelector('canvas')).toBe(canvas);
      expect(root.querySelector('input')).toBe(input);
      expect(root.querySelector('p')!.firstChild).toBe(text);
    }
    expect(input.value).toBe('typed by the user');
    expect(text.textContent).toBe('text more');
  });

  it('resolves at the end what was held back: a lone "<", an unfinished reference, an unfinished tag', () => {
    expect(build(['<p>a <', '']).innerHTML).toBe('<p>a &lt;</p>');
    expect(build(['<p>a &amp']).innerHTML).toBe('<p>a &amp;</p>');
    expect(build(['<p>a</p><div cla']).innerHTML).toBe('<p>a</p>');
  });

  it('builds no deeper than the nesting limit: the element that crosses it and all after it are dropped', () => {
    const limit = widgetLimits.maxMarkupDepth;
    const depthOf = (root: Element) => {
      let depth = 0;
      for (let element = root.firstElementChild; element !== null; element = element.firstElementChild)
        depth += 1;
      return depth;
    };
    const deep = `${'<div>'.repeat(100_000)}x${'</div>'.repeat(100_000)}<p id="after">after</p>`;
    for (const pieceLength of [7, deep.length]) {
      const root = document.createElement('div');
      const builder = new MarkupBuilder({ root });
      for (let start = 0; start < deep.length; start += pieceLength)
        builder.append(deep.slice(start, start + pieceLength));
      builder.finish();
      expect(builder.tooDeep).toBe(true);
      expect(depthOf(root)).toBe(limit);
      expect(root.textContent).toBe('');
      expect(root.querySelector('#after')).toBeNull();
    }
    const atTheLimit = new MarkupBuilder({ root: document.createElement('div') });
    atTheLimit.append(`${'<div>'.repeat(limit)}x${'</div>'.repeat(limit)}`);
    expect(atTheLimit.tooDeep).toBe(false);
  });
});
