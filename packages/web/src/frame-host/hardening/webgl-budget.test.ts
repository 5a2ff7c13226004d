import { describe, expect, it } from 'vitest';
import { type BudgetedWidget, distanceFromViewport, WebglBudget } from './webgl-budget.ts';

function widgetAt(name: string, distance: { value: number }, released: string[]): BudgetedWidget {
  return {
    distanceFromViewport: () => distance.value,
    release: () => released.push(name),
  };
}

describe('WebglBudget', () => {
  it('releases nothing while the live count is within the limit', () => {
    const released: string[] = [];
    const budget = new WebglBudget({ limit: 3 });
    for (const name of ['a', 'b', 'c']) budget.admit(widgetAt(name, { value: 500 }, released));
    expect(released).toEqual([]);
    expect(budget.liveCount()).toBe(3);
  });

  it('releases the farthest off-screen widget when one too many is admitted', () => {
    const released: string[] = [];
    const budget = new WebglBudget({ limit: 3 });
    budget.admit(widgetAt('far', { value: 3000 }, released));
    budget.admit(widgetAt('near', { value: 200 }, released));
    budget.admit(widgetAt('farther', { value: 5000 }, released));
    budget.admit(widgetAt('visible', { value: 0 }, released));
    expect(released).toEqual(['farther']);
    expect(budget.liveCount()).toBe(3);
  });

  it('never releases a widget on screen, even over the limit', () => {
    const released: string[] = [];
    const budget = new WebglBudget({ limit: 1 });
    budget.admit(widgetAt('one', { value: 0 }, released));
    budget.admit(widgetAt('two', { value: 0 }, released));
    expect(released).toEqual([]);
    expect(budget.liveCount()).toBe(2);
  });

  it('reads distances when it enforces, so a widget scrolled away becomes the one to go', () => {
    const released: string[] = [];
    const budget = new WebglBudget({ limit: 2 });
    const first = { value: 0 };
    budget.admit(widgetAt('first', first, released));
    budget.admit(widgetAt('second', { value: 100 }, released));
    first.value = 900;
    budget.admit(widgetAt('restored', { value: 0 }, released));
    expect(released).toEqual(['first']);
  });

  it('does not release the widget it is admitting, even when that one is the farthest', () => {
    const released: string[] = [];
    const budget = new WebglBudget({ limit: 1 });
    budget.admit(widgetAt('old', { value: 300 }, released));
    budget.admit(widgetAt('new', { value: 900 }, released));
    expect(released).toEqual(['old']);
  });

  it('stops counting a withdrawn widget', () => {
    const released: string[] = [];
    const budget = new WebglBudget({ limit: 1 });
    const withdraw = budget.admit(widgetAt('gone', { value: 800 }, released));
    withdraw();
    budget.admit(widgetAt('next', { value: 800 }, released));
    expect(released).toEqual([]);
    expect(budget.liveCount()).toBe(1);
  });
});

describe('distanceFromViewport', () => {
  const elementWithBox = (top: number, bottom: number) =>
    ({ getBoundingClientRect: () => ({ top, bottom }) }) as unknown as Element;

  it('is 0 for a box that overlaps the viewport', () => {
    expect(distanceFromViewport(elementWithBox(-50, 100), 900)).toBe(0);
    expect(distanceFromViewport(elementWithBox(800, 1200), 900)).toBe(0);
  });

  it('measures above and below the viewport', () => {
    expect(distanceFromViewport(elementWithBox(-500, -200), 900)).toBe(200);
    expect(distanceFromViewport(elementWithBox(1300, 1700), 900)).toBe(400);
  });
});
