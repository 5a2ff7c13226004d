import { describe, expect, it } from 'vitest';
import { type BudgetedWidget, distanceFromViewport, WebglBudget } from './webgl-budget.ts';

function widgetAt(name: string, distance: { value: number }, released: string[]): BudgetedWidget {
  return {
    distanceFromViewport: () => distance.value,
    release: () => released.push(name),
  };
}

/** Admits the widget and has it report one WebGL context, as a 3D widget's frame does. */
function admitWithContext(budget: WebglBudget, widget: BudgetedWidget): () => void {
  const withdraw = budget.admit(widget);
  budget.noteWebglContexts(widget, 1);
  return withdraw;
}

describe('WebglBudget', () => {
  it('counts a new frame before it reports, so 3D frames creating contexts at once never overshoot', () => {
    const released: string[] = [];
    const budget = new WebglBudget({ limit: 2 });
    budget.admit(widgetAt('first', { value: 4000 }, released));
    budget.admit(widgetAt('second', { value: 2000 }, released));
    expect(budget.liveCount()).toBe(2);
    budget.admit(widgetAt('third', { value: 0 }, released));
    expect(released).toEqual(['first']);
    expect(budget.liveCount()).toBe(2);
  });

  it('stops counting a frame that settled without a WebGL context, and never releases it', () => {
    const released: string[] = [];
    const budget = new WebglBudget({ limit: 1 });
    const calculator = widgetAt('calculator', { value: 5000 }, released);
    budget.admit(calculator);
    budget.noteWebglContexts(calculator, 0);
    expect(budget.liveCount()).toBe(0);
    admitWithContext(budget, widgetAt('scene', { value: 0 }, released));
    admitWithContext(budget, widgetAt('another scene', { value: 0 }, released));
    expect(released).toEqual([]);
    expect(budget.liveCount()).toBe(2);
  });

  it('counts a settled frame again from the context it creates later', () => {
    const released: string[] = [];
    const budget = new WebglBudget({ limit: 1 });
    const late = widgetAt('late', { value: 0 }, released);
    budget.admit(late);
    budget.noteWebglContexts(late, 0);
    admitWithContext(budget, widgetAt('far', { value: 4000 }, released));
    expect(released).toEqual([]);
    budget.noteWebglContexts(late, 1);
    expect(released).toEqual(['far']);
  });

  it('releases nothing while the live count is within the limit', () => {
    const released: string[] = [];
    const budget = new WebglBudget({ limit: 3 });
    for (const name of ['a', 'b', 'c']) admitWithContext(budget, widgetAt(name, { value: 500 }, released));
    expect(released).toEqual([]);
    expect(budget.liveCount()).toBe(3);
  });

  it('releases the farthest off-screen widget when one too many is admitted', () => {
    const released: string[] = [];
    const budget = new WebglBudget({ limit: 3 });
    admitWithContext(budget, widgetAt('far', { value: 3000 }, released));
    admitWithContext(budget, widgetAt('near', { value: 200 }, released));
    admitWithContext(budget, widgetAt('farther', { value: 5000 }, released));
    admitWithContext(budget, widgetAt('visible', { value: 0 }, released));
    expect(released).toEqual(['farther']);
    expect(budget.liveCount()).toBe(3);
  });

  it('never releases a widget on screen, even over the limit', () => {
    const released: string[] = [];
    const budget = new WebglBudget({ limit: 1 });
    admitWithContext(budget, widgetAt('one', { value: 0 }, released));
    admitWithContext(budget, widgetAt('two', { value: 0 }, released));
    expect(released).toEqual([]);
    expect(budget.liveCount()).toBe(2);
  });

  it('reads distances when it enforces, so a widget scrolled away becomes the one to go', () => {
    const released: string[] = [];
    const budget = new WebglBudget({ limit: 2 });
    const first = { value: 0 };
    admitWithContext(budget, widgetAt('first', first, released));
    admitWithContext(budget, widgetAt('second', { value: 100 }, released));
    first.value = 900;
    admitWithContext(budget, widgetAt('restored', { value: 0 }, released));
    expect(released).toEqual(['first']);
  });

  it('does not release the widget it is admitting, even when that one is the farthest', () => {
    const released: string[] = [];
    const budget = new WebglBudget({ limit: 1 });
    admitWithContext(budget, widgetAt('old', { value: 300 }, released));
    admitWithContext(budget, widgetAt('new', { value: 900 }, released));
    expect(released).toEqual(['old']);
  });

  it('stops counting a withdrawn widget', () => {
    const released: string[] = [];
    const budget = new WebglBudget({ limit: 1 });
    const withdraw = admitWithContext(budget, widgetAt('gone', { value: 800 }, released));
    withdraw();
    admitWithContext(budget, widgetAt('next', { value: 800 }, released));
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
