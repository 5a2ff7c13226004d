// @vitest-environment happy-dom

import { beforeEach, describe, expect, it } from 'vitest';
import { h } from './element.ts';
import { table } from './table.ts';

const elements = [
  { number: 2, name: 'Helium', mass: 4.0026, electronegativity: null },
  { number: 1, name: 'Hydrogen', mass: 1.008, electronegativity: 2.2 },
  { number: 10, name: 'Neon', mass: 20.18, electronegativity: null },
  { number: 9, name: 'Fluorine', mass: 18.998, electronegativity: 3.98 },
];
const columns = [
  { key: 'number', label: 'No.', num: true },
  { key: 'name', label: 'Element' },
  { key: 'electronegativity', label: 'Electroneg.', num: true },
];

const names = () => [...document.querySelectorAll('tbody tr')].map((row) => row.children[1]?.textContent);
const heading = (label: string) =>
  [...document.querySelectorAll('th')].find((cell) => cell.textContent?.startsWith(label)) as HTMLElement;

describe('table', () => {
  beforeEach(() => {
    document.body.replaceChildren(h('div', { id: 'target' }));
  });

  it('draws headings and rows, sorted by the column it names, with empty values as a dash', () => {
    table('#target', { columns, rows: elements, sort: 'number', label: 'Elements' });
    expect(document.querySelector('caption')?.textContent).toBe('Elements');
    expect(names()).toEqual(['Hydrogen', 'Helium', 'Fluorine', 'Neon']);
    expect(heading('No.').getAttribute('aria-sort')).toBe('ascending');
    expect(heading('Element').hasAttribute('aria-sort')).toBe(false);
    expect(document.querySelector('tbody tr:nth-child(2)')?.children[2]?.textContent).toBe('—');
    expect(document.querySelector('tbody td')?.className).toBe('num');
  });

  it('sorts by a heading when clicked, reverses on the second click, and keeps empty values last', () => {
    table('#target', { columns, rows: elements });
    heading('Electroneg.').querySelector('button')?.click();
    expect(names()).toEqual(['Hydrogen', 'Fluorine', 'Helium', 'Neon']);
    expect(heading('Electroneg.').getAttribute('aria-sort')).toBe('ascending');
    heading('Electroneg.').querySelector('button')?.click();
    expect(names()).toEqual(['Fluorine', 'Hydrogen', 'Helium', 'Neon']);
    expect(heading('Electroneg.').getAttribute('aria-sort')).toBe('descending');
    expect(heading('Electroneg.').querySelector('.arrow')?.textContent).toBe('▼');
    heading('Element').querySelector('button')?.click();
    expect(names()).toEqual(['Fluorine', 'Helium', 'Hydrogen', 'Neon']);
    expect(heading('Electroneg.').hasAttribute('aria-sort')).toBe(false);
  });

  it('sorts numbers as numbers, and a leading minus sorts descending', () => {
    table('#target', { columns, rows: elements, sort: '-number' });
    expect(names()).toEqual(['Neon', 'Fluorine', 'Helium', 'Hydrogen']);
  });

  it('filters on every word across the row, counts what it shows and says when nothing matches', () => {
    table('#target', { columns, rows: elements, filter: 'Filter elements', empty: 'No element matches.' });
    const filter = document.querySelector('input') as HTMLInputElement;
    expect(filter.getAttribute('aria-label')).toBe('Filter elements');
    expect(document.querySelector('[aria-live]')?.textContent).toBe('Showing 4 of 4');
    filter.value = 'NEO';
    filter.dispatchEvent(new Event('input'));
    expect(names()).toEqual(['Neon']);
    expect(document.querySelector('[aria-live]')?.textContent).toBe('Showing 1 of 4');
    filter.value = 'xenon';
    filter.dispatchEvent(new Event('input'));
    expect(document.querySelector('tbody td')?.textContent).toBe('No element matches.');
    expect(document.querySelector('tbody td')?.getAttribute('colspan')).toBe('3');
  });

  it('draws cells with format as text or elements, never markup', () => {
    table('#target', {
      columns: [{ key: 'name', label: 'Element', format: (value) => h('b', {}, `<${value}>`) }],
      rows: [{ name: 'Neon' }],
    });
    expect(document.querySelector('tbody td')?.innerHTML).toBe('<b>&lt;Neon&gt;</b>');
  });

  it('selects a row by click or Enter, marks it, and calls onSelect with it', () => {
    const chosen: unknown[] = [];
    const drawn = table('#target', {
      columns,
      rows: elements,
      sort: 'number',
      onSelect: (row) => chosen.push(row.name),
    });
    const rows = () => [...document.querySelectorAll<HTMLElement>('tbody tr')];
    expect(rows()[0]?.getAttribute('tabindex')).toBe('0');
    rows()[1]?.click();
    rows()[2]?.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter' }));
    expect(chosen).toEqual(['Helium', 'Fluorine']);
    expect(rows().map((row) => row.getAttribute('aria-selected'))).toEqual([
      'false',
      'false',
      'true',
      'false',
    ]);
    // The selection stays with its row through a re-sort.
    drawn.sort('name');
    expect(rows()[0]?.getAttribute('aria-selected')).toBe('true');
  });

  it('update replaces the rows and keeps the sort', () => {
    const drawn = table('#target', { columns, rows: elements, sort: '-number' });
    drawn.update([{ number: 3, name: 'Lithium' }, ...elements]);
    expect(names()).toEqual(['Neon', 'Fluorine', 'Lithium', 'Helium', 'Hydrogen']);
    expect(drawn.visible()).toHaveLength(5);
  });
});
