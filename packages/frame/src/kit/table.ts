import { type Child, h, resolveElement } from './element.ts';

type Row = Record<string, unknown>;

/** One column of `table()`: the row field it shows, and how. */
export interface KitTableColumn {
  /** The row's field; its value sorts the column and is shown unless `format` says otherwise. */
  key: string;
  /** The heading. */
  label: string;
  /** Right-aligned, tabular figures (the kit's `num` class). */
  num?: boolean;
  /** Extra classes for the column's cells (`'muted'`). */
  class?: string;
  /** What the cell shows (text or elements, never markup); the value itself by default, `—` when empty. */
  format?: (value: unknown, row: Row) => Child | Child[];
  /** False: the heading does not sort. */
  sortable?: boolean;
}

/** What `table(target, options)` accepts. */
export interface KitTableOptions {
  columns: KitTableColumn[];
  rows: Row[];
  /** The table's name for screen readers (its caption, visually hidden). */
  label?: string;
  /** A filter box above the table, named by this text (`true`: "Filter"); it keeps rows whose fields contain the words. */
  filter?: string | boolean;
  /** The column sorted first, ascending (`'-mass'`: descending). */
  sort?: string;
  /** The line shown when no row passes the filter. */
  empty?: string;
  /** Makes rows selectable by click, Enter or Space: called with the chosen row. */
  onSelect?: (row: Row) => void;
}

/** What `table()` returns. */
export interface KitTable {
  element: HTMLElement;
  /** Replaces the rows, keeping the sort and the filter. */
  update(rows: Row[]): void;
  /** Sorts by a column (`direction` 1 ascending, -1 descending). */
  sort(key: string, direction?: 1 | -1): void;
  /** The rows shown, in their order. */
  visible(): Row[];
}

const empty = (value: unknown) => value === null || value === undefined || value === '';

/** Orders two values: numbers as numbers, text by locale with digits as numbers; empty values never first. */
function compareValues(left: unknown, right: unknown, direction: 1 | -1): number {
  if (empty(left) || empty(right)) return empty(left) === empty(right) ? 0 : empty(left) ? 1 : -1;
  const order =
    typeof left === 'number' && typeof right === 'number'
      ? left - right
      : String(left).localeCompare(String(right), undefined, { numeric: true });
  return order * direction;
}

/**
 * Draws a themed table into `target` from columns and rows: headings that sort on click or Enter (`aria-sort`,
 * again to reverse), an optional filter box with a live count of the rows shown, and optionally selectable rows.
 * Cells are text or elements made with `h()`, never markup.
 */
export function table(target: HTMLElement | string, options: KitTableOptions): KitTable {
  const element = resolveElement(target);
  const { columns } = options;
  let rows = options.rows;
  let selected: Row | undefined;
  const initial = options.sort ?? '';
  let sorting = {
    key: initial.replace(/^-/, ''),
    direction: (initial.startsWith('-') ? -1 : 1) as 1 | -1,
  };

  const headings = columns.map((column) => {
    const heading = h('th', { scope: 'col', class: column.num ? 'num' : null });
    if (column.sortable === false) heading.append(column.label);
    else
      heading.append(
        h(
          'button',
          {
            type: 'button',
            class: 'sort',
            onclick: () => sortBy(column.key, sorting.key === column.key && sorting.direction === 1 ? -1 : 1),
          },
          column.label,
          h('span', { class: 'arrow', 'aria-hidden': 'true' }, '▲'),
        ),
      );
    return heading;
  });
  const body = h('tbody');
  const tableElement = h(
    'table',
    { class: options.onSelect ? 'selectable' : null },
    options.label ? h('caption', { class: 'sr-only' }, options.label) : null,
    h('thead', {}, h('tr', {}, headings)),
    body,
  );
  const filterLabel = options.filter === true ? 'Filter' : options.filter || '';
  const filter = filterLabel
    ? (h('input', {
        type: 'search',
        class: 'grow',
        placeholder: 'Filter…',
        'aria-label': filterLabel,
      }) as HTMLInputElement)
    : null;
  const count = filter ? h('span', { class: 'muted', 'aria-live': 'polite' }) : null;
  filter?.addEventListener('input', () => render());
  element.replaceChildren(
    ...(filter ? [h('div', { class: 'row table-filter' }, filter, count)] : []),
    h('div', { class: 'table-scroll' }, tableElement),
  );

  const visible = () => {
    const words = (filter?.value ?? '').trim().toLowerCase().split(/\s+/).filter(Boolean);
    const matches = (row: Row) => {
      const text = Object.values(row).join(' ').toLowerCase();
      return words.every((word) => text.includes(word));
    };
    return rows
      .filter(matches)
      .sort((left, right) => compareValues(left[sorting.key], right[sorting.key], sorting.direction));
  };

  const choose = (row: Row, rowElement: HTMLElement) => {
    selected = row;
    for (const other of body.children) other.setAttribute('aria-selected', String(other === rowElement));
    options.onSelect?.(row);
  };

  const rowElement = (row: Row) => {
    const cells = columns.map((column) => {
      const value = row[column.key];
      const shown = column.format ? column.format(value, row) : empty(value) ? '—' : String(value);
      const classes = [column.num ? 'num' : '', column.class ?? ''].join(' ').trim();
      return h('td', { class: classes || null }, shown);
    });
    if (!options.onSelect) return h('tr', {}, cells);
    const element = h('tr', { tabindex: '0', 'aria-selected': String(row === selected) }, cells);
    element.addEventListener('click', () => choose(row, element));
    element.addEventListener('keydown', (event) => {
      if (event.key !== 'Enter' && event.key !== ' ') return;
      event.preventDefault();
      choose(row, element);
    });
    return element;
  };

  function render() {
    const shown = visible();
    body.replaceChildren(...shown.map(rowElement));
    if (shown.length === 0 && options.empty)
      body.append(h('tr', {}, h('td', { class: 'muted', colspan: columns.length }, options.empty)));
    if (count) count.textContent = `Showing ${shown.length} of ${rows.length}`;
    columns.forEach((column, index) => {
      const heading = headings[index] as HTMLElement;
      const active = column.key === sorting.key;
      if (active) heading.setAttribute('aria-sort', sorting.direction === 1 ? 'ascending' : 'descending');
      else heading.removeAttribute('aria-sort');
      const arrow = heading.querySelector('.arrow');
      if (arrow) arrow.textContent = active && sorting.direction === -1 ? '▼' : '▲';
    });
  }

  function sortBy(key: string, direction: 1 | -1 = 1) {
    sorting = { key, direction };
    render();
  }

  render();
  return {
    element: tableElement,
    update(next) {
      rows = next;
      render();
    },
    sort: sortBy,
    visible,
  };
}
