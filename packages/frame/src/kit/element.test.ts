// @vitest-environment happy-dom

import { describe, expect, it } from 'vitest';
import { h, resolveElement } from './element.ts';

describe('h', () => {
  it('sets attributes, leaves out false and empty ones, and adds on… functions as listeners', () => {
    let clicks = 0;
    const button = h(
      'button',
      { class: 'primary', disabled: false, hidden: true, title: null, onclick: () => clicks++ },
      'Go',
    );
    expect(button.outerHTML).toBe('<button class="primary" hidden="">Go</button>');
    button.click();
    expect(clicks).toBe(1);
  });

  it('writes strings as text, never as markup, and flattens child lists', () => {
    const list = h(
      'ul',
      {},
      ['<b>one</b>', 2].map((item) => h('li', {}, item)),
      null,
      false,
    );
    expect(list.innerHTML).toBe('<li>&lt;b&gt;one&lt;/b&gt;</li><li>2</li>');
  });
});

describe('resolveElement', () => {
  it('finds a selector and says which one is missing', () => {
    document.body.innerHTML = '<div id="chart"></div>';
    expect(resolveElement('#chart').id).toBe('chart');
    expect(() => resolveElement('#nothing')).toThrow('kit: no element matches #nothing');
  });
});
