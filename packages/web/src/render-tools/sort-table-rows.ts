import type { RenderTableArgs, RenderTableColumn } from '@drawbridge/protocol';

export type TableRow = RenderTableArgs['rows'][number];
export type SortDirection = 'ascending' | 'descending';
export interface TableSort {
  key: string;
  direction: SortDirection;
}

const textCollator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

function cellOf(row: TableRow, key: string): TableRow[string] | undefined {
  return Object.hasOwn(row, key) ? row[key] : undefined;
}

/** Orders two non-empty cells by their column's type: numbers by value, dates by time, text naturally. */
function compareCells(left: unknown, right: unknown, type: RenderTableColumn['type']): number {
  if (type === 'number') return Number(left) - Number(right);
  if (type === 'date') return Date.parse(String(left)) - Date.parse(String(right));
  if (type === 'boolean') return Number(left === true) - Number(right === true);
  return textCollator.compare(String(left), String(right));
}

/** A sorted copy of the rows; empty cells always last, ties keep their original order. */
export function sortTableRows(
  rows: readonly TableRow[],
  column: RenderTableColumn,
  direction: SortDirection,
): TableRow[] {
  const sign = direction === 'ascending' ? 1 : -1;
  return rows
    .map((row, index) => ({ row, index, value: cellOf(row, column.key) }))
    .sort((left, right) => {
      const leftEmpty = left.value === null || left.value === undefined;
      const rightEmpty = right.value === null || right.value === undefined;
      if (leftEmpty || rightEmpty) {
        return leftEmpty === rightEmpty ? left.index - right.index : leftEmpty ? 1 : -1;
      }
      return sign * compareCells(left.value, right.value, column.type) || left.index - right.index;
    })
    .map(({ row }) => row);
}

/** The next sort after a header click: ascending, then descending, then the original order. */
export function nextTableSort(current: TableSort | undefined, key: string): TableSort | undefined {
  if (current?.key !== key) return { key, direction: 'ascending' };
  return current.direction === 'ascending' ? { key, direction: 'descending' } : undefined;
}

// `min2` groups only numbers of five digits or more, so a year reads 1991, not 1,991, while 12,345 keeps
// its separator.
const numberFormat = new Intl.NumberFormat(undefined, { maximumFractionDigits: 6, useGrouping: 'min2' });
const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
const dateTimeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** How a cell reads in the table: grouped numbers, local dates (with time only when the value has one). */
export function formatTableCell(
  value: TableRow[string] | undefined,
  type: RenderTableColumn['type'],
): string {
  if (value === null || value === undefined || value === '') return '—';
  if (type === 'number' && typeof value === 'number') return numberFormat.format(value);
  if (type === 'boolean') return value === true ? 'Yes' : 'No';
  if (type === 'date' && typeof value === 'string') {
    const time = Date.parse(value);
    if (Number.isNaN(time)) return value;
    return /T\d\d:\d\d/.test(value)
      ? dateTimeFormat.format(time)
      : dateFormat.format(new Date(`${value.slice(0, 10)}T00:00:00`));
  }
  return String(value);
}
