// @vitest-environment happy-dom

import { beforeEach, describe, expect, it } from 'vitest';
import { cells } from './cells.ts';

const key = (name: string) =>
  document.activeElement?.dispatchEvent(new KeyboardEvent('keydown', { key: name, bubbles: true }));
const focused = () =>
  [...document.querySelectorAll('button')].indexOf(document.activeElement as HTMLButtonElement);

describe('cells', () => {
  beforeEach(() => {
    document.body.innerHTML = '<div id="board" aria-label="Board"></div>';
  });

  it('fills the target with rows × columns named cell buttons, one of them a tab stop', () => {
    const board = cells('#board', { rows: 2, columns: 3 });
    expect(board.cells).toHaveLength(6);
    expect(board.element.getAttribute('role')).toBe('group');
    expect(board.element.style.getPropertyValue('--columns')).toBe('3');
    expect(board.cells[4]?.getAttribute('aria-label')).toBe('Row 2, column 2');
    expect(board.cells.map((cell) => cell.tabIndex)).toEqual([0, -1, -1, -1, -1, -1]);
    expect(board.cells[0]?.type).toBe('button');
  });

  it('moves with arrow keys (wrapping), Home and End, and keeps the tab stop on the focused cell', () => {
    const board = cells('#board', { rows: 3, columns: 3 });
    board.cells[4]?.focus();
    key('ArrowRight');
    expect(focused()).toBe(5);
    key('ArrowRight');
    expect(focused()).toBe(3);
    key('ArrowUp');
    expect(focused()).toBe(0);
    key('ArrowUp');
    expect(focused()).toBe(6);
    key('End');
    expect(focused()).toBe(8);
    key('Home');
    expect(focused()).toBe(6);
    key('ArrowDown');
    expect(focused()).toBe(0);
    expect(board.cells.map((cell) => cell.tabIndex).indexOf(0)).toBe(0);
    board.cells[7]?.focus();
    expect(board.cells.map((cell) => cell.tabIndex).indexOf(0)).toBe(7);
  });

  it('picks a cell by click unless it is aria-disabled, and names cells again on update', () => {
    const picked: number[] = [];
    const marks = ['', 'X', ''];
    const board = cells('#board', {
      rows: 1,
      columns: 3,
      label: (index, row, column) => `${row}/${column} ${marks[index] || 'empty'}`,
      onPick: (index) => picked.push(index),
    });
    board.cells[1]?.setAttribute('aria-disabled', 'true');
    board.cells[1]?.click();
    board.cells[2]?.click();
    expect(picked).toEqual([2]);
    expect(board.cells[2]?.tabIndex).toBe(0);
    marks[2] = 'O';
    board.update();
    expect(board.cells.map((cell) => cell.getAttribute('aria-label'))).toEqual([
      '1/1 empty',
      '1/2 X',
      '1/3 O',
    ]);
  });
});
