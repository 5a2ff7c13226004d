import { describe, expect, it } from 'vitest';
import { MarkupDepthGauge } from './markup-depth-gauge.ts';

/** The deepest nesting of `markup` fed in pieces of `pieceLength` characters. */
function depthOf(markup: string, pieceLength = markup.length): number {
  const gauge = new MarkupDepthGauge();
  let deepest = 0;
  for (let start = 0; start < markup.length; start += pieceLength) {
    deepest = gauge.append(markup.slice(start, start + pieceLength));
  }
  return deepest;
}

describe('MarkupDepthGauge', () => {
  it('counts elements open inside one another, however the markup is cut', () => {
    const deep = `${'<div class="x">'.repeat(1000)}text${'</div>'.repeat(1000)}`;
    for (const pieceLength of [1, 7, deep.length]) expect(depthOf(deep, pieceLength)).toBe(1000);
  });

  it('counts siblings once: closed elements leave the stack', () => {
    expect(depthOf('<section><div><p>a</p></div><div><span>b</span></div></section>'.repeat(500))).toBe(3);
  });

  it('does not count what the parser closes by itself: lists, paragraphs and tables without end tags', () => {
    const rows = Array.from({ length: 400 }, (_, index) => `<tr><td>${index}<td>cell`).join('');
    expect(depthOf(`<table>${rows}</table><ul>${'<li>item'.repeat(400)}</ul>${'<p>para'.repeat(400)}`)).toBe(
      1,
    );
  });

  it('does not count void elements, nor self-closing ones inside SVG', () => {
    const svg = `<svg viewBox="0 0 10 10">${'<circle r="1"/><path d="M0 0"/>'.repeat(300)}</svg>`;
    expect(depthOf(`<div>${'<br><img src="data:,"><input>'.repeat(300)}${svg}</div>`)).toBe(2);
  });

  it('reads the text of style and textarea as text, not as tags', () => {
    expect(depthOf(`<style>${'<div>'.repeat(500)}</style><textarea>${'<div>'.repeat(500)}</textarea>`)).toBe(
      1,
    );
  });

  it('closes through what an end tag names, so misnested markup is not counted deeper than it is', () => {
    expect(depthOf('<div><span><b>x</div>'.repeat(300))).toBe(3);
  });
});
