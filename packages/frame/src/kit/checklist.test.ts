// @vitest-environment happy-dom

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { checklist, type KitChecklistProgress } from './checklist.ts';
import { h } from './element.ts';

const boxes = () => [...document.querySelectorAll<HTMLInputElement>('input[type=checkbox]')];
const tick = (index: number) => {
  const box = boxes()[index] as HTMLInputElement;
  box.checked = !box.checked;
  box.dispatchEvent(new Event('change', { bubbles: true }));
};

describe('checklist', () => {
  let stored: Record<string, unknown> | null;
  const saves: Array<Record<string, unknown>> = [];

  beforeEach(() => {
    document.body.innerHTML = '<ul id="list"></ul><div id="box"></div>';
    stored = { note: 'kept by the widget', day2: [false, true] };
    saves.length = 0;
    Object.assign(globalThis, {
      host: {
        getState: () => stored,
        setState: async (state: Record<string, unknown>) => {
          stored = state;
          saves.push(state);
        },
      },
    });
  });
  afterEach(() => {
    Reflect.deleteProperty(globalThis, 'host');
  });

  it('fills a list with labelled checkboxes, text or elements, never markup', () => {
    checklist('#list', ['<b>Pack</b>', [h('span', { class: 'muted' }, 'Morning'), 'Walk']]);
    const items = [...document.querySelectorAll('#list > li > label')];
    expect(items).toHaveLength(2);
    expect(items[0]?.innerHTML).toBe('<input type="checkbox"><span>&lt;b&gt;Pack&lt;/b&gt;</span>');
    expect(items[1]?.innerHTML).toBe(
      '<input type="checkbox"><span class="muted">Morning</span><span>Walk</span>',
    );
    expect(document.querySelector('#list')?.classList.contains('checklist')).toBe(true);
  });

  it('puts a list inside a container that is not one', () => {
    checklist('#box', ['One']);
    expect(document.querySelectorAll('#box > ul > li')).toHaveLength(1);
  });

  it('tells onChange the progress at once and after every tick', () => {
    const seen: KitChecklistProgress[] = [];
    const list = checklist('#list', ['One', 'Two', 'Three'], { onChange: (progress) => seen.push(progress) });
    tick(2);
    tick(0);
    expect(seen.map((progress) => progress.done)).toEqual([0, 1, 2]);
    expect(list.progress()).toEqual({ done: 2, total: 3, checked: [true, false, true] });
  });

  it('with keep, restores the ticks from the widget state and keeps them there beside the rest', () => {
    checklist('#list', ['One', 'Two'], { keep: 'day2' });
    expect(boxes().map((box) => box.checked)).toEqual([false, true]);
    tick(0);
    expect(saves).toEqual([{ note: 'kept by the widget', day2: [true, true] }]);
  });

  it('without keep, leaves the widget state alone', () => {
    checklist('#list', ['One']);
    tick(0);
    expect(saves).toEqual([]);
  });
});
