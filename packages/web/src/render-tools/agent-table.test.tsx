// @vitest-environment happy-dom
import { renderTableArgsSchema } from '@drawbridge/protocol';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AgentTable } from './agent-table.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const table = renderTableArgsSchema.parse({
  title: 'Releases',
  columns: [
    { key: 'name', label: 'Name', type: 'string' },
    { key: 'stars', label: 'Stars', type: 'number' },
    { key: 'released', label: 'Released', type: 'date' },
  ],
  rows: [
    { name: 'item 10', stars: 9, released: '2024-03-01' },
    { name: 'item 9', stars: 120, released: '2023-12-24' },
    { name: 'item 100', stars: null, released: '2025-01-15' },
    { name: 'Item 2', stars: 15, released: '2022-06-30' },
  ],
});

let container: HTMLDivElement;
let root: Root;
const realClientHeight = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientHeight');
const realClientWidth = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientWidth');

beforeEach(() => {
  // happy-dom lays nothing out; give the scroll viewport the size a browser would, so the virtualiser has a window.
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => 420 });
  Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => 720 });
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
});

afterEach(() => {
  act(() => root.unmount());
  container.remove();
  if (realClientHeight) Object.defineProperty(HTMLElement.prototype, 'clientHeight', realClientHeight);
  if (realClientWidth) Object.defineProperty(HTMLElement.prototype, 'clientWidth', realClientWidth);
});

const column = (index: number) =>
  [...container.querySelectorAll('tbody tr:not(.agent-table__spacer)')].map(
    (row) => row.querySelectorAll('td')[index]?.textContent,
  );
const header = (label: string) =>
  [...container.querySelectorAll('th')].find((cell) => cell.textContent?.startsWith(label));
const clickHeader = (label: string) => act(() => header(label)?.querySelector('button')?.click());

describe('AgentTable', () => {
  it('shows the rows in their original order with a row count', () => {
    act(() => root.render(<AgentTable table={table} />));
    expect(column(0)).toEqual(['item 10', 'item 9', 'item 100', 'Item 2']);
    expect(container.textContent).toContain('4 rows');
    expect(header('Name')?.getAttribute('aria-sort')).toBe('none');
  });

  it('sorts numbers by value with empty cells last, then descending, then back to the original order', () => {
    act(() => root.render(<AgentTable table={table} />));
    clickHeader('Stars');
    expect(column(1)).toEqual(['9', '15', '120', '—']);
    expect(header('Stars')?.getAttribute('aria-sort')).toBe('ascending');
    clickHeader('Stars');
    expect(column(1)).toEqual(['120', '15', '9', '—']);
    expect(header('Stars')?.getAttribute('aria-sort')).toBe('descending');
    clickHeader('Stars');
    expect(column(0)).toEqual(['item 10', 'item 9', 'item 100', 'Item 2']);
    expect(header('Stars')?.getAttribute('aria-sort')).toBe('none');
  });

  it('sorts text naturally (2 < 9 < 10 < 100) and dates by time', () => {
    act(() => root.render(<AgentTable table={table} />));
    clickHeader('Name');
    expect(column(0)).toEqual(['Item 2', 'item 9', 'item 10', 'item 100']);
    clickHeader('Released');
    expect(header('Name')?.getAttribute('aria-sort')).toBe('none');
    expect(column(0)).toEqual(['Item 2', 'item 9', 'item 10', 'item 100']);
    clickHeader('Released');
    expect(column(0)).toEqual(['item 100', 'item 10', 'item 9', 'Item 2']);
  });

  it('keeps only a window of a 10,000-row table in the DOM', () => {
    const rows = Array.from({ length: 10_000 }, (_, index) => ({
      name: `row ${index}`,
      stars: index,
      released: null,
    }));
    act(() => root.render(<AgentTable table={{ ...table, rows }} />));
    const rendered = container.querySelectorAll('tbody tr:not(.agent-table__spacer)').length;
    expect(rendered).toBeGreaterThan(0);
    expect(rendered).toBeLessThan(100);
    expect(container.textContent).toContain('10,000 rows');
    clickHeader('Stars');
    clickHeader('Stars');
    expect(column(0)[0]).toBe('row 9999');
  });
});
