// @vitest-environment happy-dom

import { beforeEach, describe, expect, it } from 'vitest';
import { hotkeys } from './hotkeys.ts';

const pressed: string[] = [];
const type = (key: string, target: EventTarget = document.body, init: KeyboardEventInit = {}) => {
  const event = new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true, ...init });
  target.dispatchEvent(event);
  return event;
};

describe('hotkeys', () => {
  beforeEach(() => {
    pressed.length = 0;
    document.body.innerHTML =
      '<input id="field"><button data-key="7">7</button><button data-key="*">×</button><button data-key="Enter">=</button>';
    for (const button of document.querySelectorAll<HTMLButtonElement>('button'))
      button.addEventListener('click', () => pressed.push(button.dataset.key ?? ''));
  });

  it('clicks the button whose data-key is typed, or an alias of it, and marks it pressed', () => {
    hotkeys({ aliases: { x: '*', '=': 'Enter' } });
    expect(type('7').defaultPrevented).toBe(true);
    type('x');
    type('=');
    expect(pressed).toEqual(['7', '*', 'Enter']);
    expect(document.querySelector('[data-key="7"]')?.classList.contains('pressed')).toBe(true);
    expect(type('q').defaultPrevented).toBe(false);
  });

  it('leaves alone typing in a field, shortcuts with modifiers, and Enter on a focused button', () => {
    hotkeys();
    type('7', document.getElementById('field') as HTMLElement);
    type('7', document.body, { ctrlKey: true });
    type('Enter', document.querySelector('[data-key="7"]') as HTMLElement);
    expect(pressed).toEqual([]);
  });
});
