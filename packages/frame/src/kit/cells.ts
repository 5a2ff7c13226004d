import { h, resolveElement } from './element.ts';

/** What `cells(target, options)` accepts. */
export interface KitCellsOptions {
  rows: number;
  columns: number;
  /** Each cell's name for screen readers, from its index and 1-based row and column ("Row 1, column 2" by default). */
  label?: (index: number, row: number, column: number) => string;
  /** Runs when a cell is clicked or pressed with Enter or Space, unless it is `aria-disabled`. */
  onPick?: (index: number, cell: HTMLButtonElement) => void;
}

/** What `cells()` returns. */
export interface KitCells {
  element: HTMLElement;
  /** The cell buttons, row by row. */
  cells: HTMLButtonElement[];
  /** Names every cell again from `label` (after the widget changed what they hold). */
  update(): void;
}

/**
 * Fills `target` with a grid of cell buttons (a board, a calendar, a keypad) that arrow keys move through,
 * Home and End to the row's ends, with one tab stop (the cell last focused). A taken cell is marked
 * `aria-disabled="true"` rather than disabled, so the keyboard and screen readers still reach it.
 */
export function cells(target: HTMLElement | string, options: KitCellsOptions): KitCells {
  const element = resolveElement(target);
  const { rows, columns } = options;
  const label = options.label ?? ((_index, row, column) => `Row ${row}, column ${column}`);
  element.classList.add('cells');
  element.style.setProperty('--columns', String(columns));
  if (!element.hasAttribute('role')) element.setAttribute('role', 'group');
  const buttons = Array.from({ length: rows * columns }, (_, index) =>
    h('button', { type: 'button', class: 'cell', tabindex: index === 0 ? '0' : '-1' }),
  ) as HTMLButtonElement[];

  // The tab stop follows the focus, however the cell got it (keys, a click, the widget's own `focus()`).
  element.addEventListener('focusin', (event) => {
    if (!buttons.includes(event.target as HTMLButtonElement)) return;
    for (const button of buttons) button.tabIndex = button === event.target ? 0 : -1;
  });
  buttons.forEach((button, index) => {
    button.addEventListener('click', () => {
      button.focus();
      if (button.getAttribute('aria-disabled') !== 'true') options.onPick?.(index, button);
    });
    button.addEventListener('keydown', (event) => {
      const column = index % columns;
      const rowStart = index - column;
      const next = {
        ArrowLeft: rowStart + ((column - 1 + columns) % columns),
        ArrowRight: rowStart + ((column + 1) % columns),
        ArrowUp: (index - columns + buttons.length) % buttons.length,
        ArrowDown: (index + columns) % buttons.length,
        Home: rowStart,
        End: rowStart + columns - 1,
      }[event.key];
      if (next === undefined) return;
      event.preventDefault();
      buttons[next]?.focus();
    });
  });

  const update = () =>
    buttons.forEach((button, index) => {
      button.setAttribute('aria-label', label(index, Math.floor(index / columns) + 1, (index % columns) + 1));
    });
  update();
  element.replaceChildren(...buttons);
  return { element, cells: buttons, update };
}
