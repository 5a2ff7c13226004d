// @vitest-environment happy-dom

import { describe, expect, it } from 'vitest';
import { MarkupBuilder } from './markup-builder.ts';
import { patchMarkup } from './markup-patch.ts';

function build(markup: string): HTMLElement {
  const root = document.createElement('div');
  const builder = new MarkupBuilder({ root });
  builder.append(markup);
  builder.finish();
  return root;
}

/** A live widget built from `before`, changed by `script`, then edited to `after`. */
function edit(before: string, after: string, script: (live: HTMLElement) => void = () => {}) {
  const live = build(before);
  document.body.replaceChildren(live);
  script(live);
  const nodes = new Map(Array.from(live.querySelectorAll('[id]'), (node) => [node.id, node]));
  patchMarkup({ live, before: build(before), after: build(after) });
  return { live, same: (id: string) => live.querySelector(`#${id}`) === nodes.get(id) };
}

const tally = `<section class="tally">
  <h2 id="title">Tally counter</h2>
  <output id="count">0</output>
  <div class="controls">
    <button type="button" id="add">Count</button>
  </div>
  <button type="button" id="step" aria-pressed="false">+5</button>
</section>`;

describe('patchMarkup', () => {
  it('keeps what the edit did not change exactly as the script left it: nodes, text, attributes', () => {
    const { live, same } = edit(tally, tally.replace('Tally counter', 'Laps swum'), (widget) => {
      widget.querySelector('#count')!.textContent = '3';
      widget.querySelector('#step')!.setAttribute('aria-pressed', 'true');
    });
    expect(live.querySelector('#title')!.textContent).toBe('Laps swum');
    expect(live.querySelector('#count')!.textContent).toBe('3');
    expect(live.querySelector('#step')!.getAttribute('aria-pressed')).toBe('true');
    for (const id of ['title', 'count', 'add', 'step']) expect(same(id), id).toBe(true);
  });

  it('adds an element after an unchanged one and keeps that one (its listeners with it)', () => {
    const { live, same } = edit(
      tally,
      tally.replace(
        '<button type="button" id="add">Count</button>',
        '<button type="button" id="add">Count</button>\n    <button type="button" id="reset">Reset</button>',
      ),
    );
    expect(same('add')).toBe(true);
    expect(Array.from(live.querySelectorAll('.controls button'), (button) => button.id)).toEqual([
      'add',
      'reset',
    ]);
    expect(live.querySelector('.controls')!.innerHTML).toBe(
      build(tally)
        .querySelector('.controls')!
        .innerHTML.replace(
          '<button type="button" id="add">Count</button>',
          '<button type="button" id="add">Count</button>\n    <button type="button" id="reset">Reset</button>',
        ),
    );
  });

  it('inserts an element before an unchanged one of the same kind without rewriting that one', () => {
    const before = '<ul><li>b</li><li>c</li></ul>';
    const live = build(before);
    const [b, c] = Array.from(live.querySelectorAll('li'));
    patchMarkup({ live, before: build(before), after: build('<ul><li>a</li><li>b</li><li>c</li></ul>') });
    expect(Array.from(live.querySelectorAll('li'), (item) => item.textContent)).toEqual(['a', 'b', 'c']);
    expect(live.querySelectorAll('li')[1]).toBe(b);
    expect(live.querySelectorAll('li')[2]).toBe(c);
  });

  it('removes what the edit removed, and changes the attributes it changed', () => {
    const { live, same } = edit(
      tally,
      tally
        .replace('<button type="button" id="step" aria-pressed="false">+5</button>', '')
        .replace('class="controls"', 'class="controls wide"'),
    );
    expect(live.querySelector('#step')).toBeNull();
    expect(live.querySelector('.controls')!.className).toBe('controls wide');
    expect(same('add')).toBe(true);
  });

  it("keeps children the script added past the markup's own", () => {
    const list = '<ul id="rolls"></ul><p id="note">Rolls</p>';
    const { live, same } = edit(list, list.replace('Rolls', 'Your rolls'), (widget) => {
      widget.querySelector('#rolls')!.append(document.createElement('li'), document.createElement('li'));
    });
    expect(live.querySelectorAll('#rolls li')).toHaveLength(2);
    expect(live.querySelector('#note')!.textContent).toBe('Your rolls');
    expect(same('rolls') && same('note')).toBe(true);
  });

  it('rebuilds an element whose kind changed', () => {
    const { live, same } = edit('<p id="x">one</p>', '<div id="x">one</div>');
    expect(live.querySelector('#x')!.localName).toBe('div');
    expect(same('x')).toBe(false);
  });
});
