// @vitest-environment happy-dom

import { beforeEach, describe, expect, it } from 'vitest';
import { segmented } from './segmented.ts';

const buttons = () => [...document.querySelectorAll('button')];
const checked = () => buttons().map((button) => button.getAttribute('aria-checked'));
const key = (name: string) =>
  document.activeElement?.dispatchEvent(new KeyboardEvent('keydown', { key: name, bubbles: true }));

describe('segmented', () => {
  beforeEach(() => {
    document.body.innerHTML =
      '<div id="modes" aria-label="Mode"><button value="focus">Focus</button><button value="short">Short</button><button value="long">Long</button></div>';
  });

  it('makes the buttons a radio group with the chosen one checked and alone in the tab order', () => {
    const modes = segmented('#modes', { value: 'short' });
    expect(document.querySelector('#modes')?.getAttribute('role')).toBe('radiogroup');
    expect(document.querySelector('#modes')?.classList.contains('segmented')).toBe(true);
    expect(buttons().map((button) => button.getAttribute('role'))).toEqual(['radio', 'radio', 'radio']);
    expect(checked()).toEqual(['false', 'true', 'false']);
    expect(buttons().map((button) => button.tabIndex)).toEqual([-1, 0, -1]);
    expect(modes.value()).toBe('short');
  });

  it('chooses by click, arrow keys (wrapping), Home and End, moving the focus, and tells onChange', () => {
    const changes: string[] = [];
    segmented('#modes', { onChange: (value) => changes.push(value) });
    expect(checked()).toEqual(['true', 'false', 'false']);
    buttons()[2]?.click();
    expect(checked()).toEqual(['false', 'false', 'true']);
    buttons()[2]?.focus();
    key('ArrowRight');
    expect(checked()).toEqual(['true', 'false', 'false']);
    expect(document.activeElement).toBe(buttons()[0]);
    key('ArrowLeft');
    key('Home');
    key('End');
    key('ArrowUp');
    expect(changes).toEqual(['long', 'focus', 'long', 'focus', 'long', 'short']);
    expect(document.activeElement).toBe(buttons()[1]);
  });

  it('set() chooses as a click would', () => {
    const changes: string[] = [];
    const modes = segmented('#modes', { onChange: (value) => changes.push(value) });
    modes.set('long');
    expect(modes.value()).toBe('long');
    expect(checked()).toEqual(['false', 'false', 'true']);
    expect(changes).toEqual(['long']);
  });
});
