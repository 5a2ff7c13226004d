import { resolveElement } from './element.ts';

/** What `segmented(target, options)` accepts. */
export interface KitSegmentedOptions {
  /** The option chosen first (a button's `value`); the first button by default. */
  value?: string;
  /** Runs when the choice changes, by click, arrow keys or `set()`, with the chosen button's `value`. */
  onChange?: (value: string, button: HTMLButtonElement) => void;
}

/** What `segmented()` returns. */
export interface KitSegmented {
  element: HTMLElement;
  value(): string;
  /** Chooses an option as a click would (`onChange` runs). */
  set(value: string): void;
}

/**
 * Makes the `<button value="…">`s inside `target` one choice of several, as a radio group: the chosen one is
 * `aria-checked` and filled, arrow keys (and Home, End) move the choice and the focus, and only the chosen
 * button is in the tab order. For mode switches and unit pickers; the buttons stay in the markup, so the
 * choice is readable while the widget streams.
 */
export function segmented(target: HTMLElement | string, options: KitSegmentedOptions = {}): KitSegmented {
  const element = resolveElement(target);
  const buttons = [...element.querySelectorAll<HTMLButtonElement>('button')];
  element.classList.add('segmented');
  element.setAttribute('role', 'radiogroup');
  let chosen = buttons.find((button) => button.value === options.value) ?? buttons[0];

  const show = () => {
    for (const button of buttons) {
      button.type = 'button';
      button.setAttribute('role', 'radio');
      button.setAttribute('aria-checked', String(button === chosen));
      button.tabIndex = button === chosen ? 0 : -1;
    }
  };
  const choose = (button: HTMLButtonElement | undefined) => {
    if (button === undefined) return;
    chosen = button;
    show();
    options.onChange?.(button.value, button);
  };

  for (const button of buttons) button.addEventListener('click', () => choose(button));
  element.addEventListener('keydown', (event) => {
    if (chosen === undefined) return;
    const index = buttons.indexOf(chosen);
    const next = {
      ArrowRight: index + 1,
      ArrowDown: index + 1,
      ArrowLeft: index - 1,
      ArrowUp: index - 1,
      Home: 0,
      End: buttons.length - 1,
    }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    const button = buttons[(next + buttons.length) % buttons.length];
    choose(button);
    button?.focus();
  });
  show();

  return {
    element,
    value: () => chosen?.value ?? '',
    set: (value) => choose(buttons.find((button) => button.value === value)),
  };
}
