import { describe, expect, it } from 'vitest';
import { WidgetSizeBudget } from './widget-size-budget.ts';

describe('WidgetSizeBudget', () => {
  it('admits CSS, markup and script together up to the limit, and not one character past it', () => {
    const budget = new WidgetSizeBudget({ maxCharacters: 10 });
    expect(budget.admit({ channel: 'css', delta: 'abc' })).toBe(true);
    expect(budget.admit({ channel: 'html', delta: 'defg' })).toBe(true);
    expect(budget.admit({ channel: 'js', delta: 'hijk' })).toBe(false);
    expect(budget.admit({ channel: 'js', delta: 'hij' })).toBe(true);
    expect(budget.admit({ channel: 'html', delta: 'x' })).toBe(false);
  });

  it('counts a part that replaces its channel instead of that channel, not on top of it', () => {
    const budget = new WidgetSizeBudget({ maxCharacters: 10 });
    expect(budget.admit({ channel: 'html', delta: '12345678' })).toBe(true);
    expect(budget.admit({ channel: 'html', delta: '123456789', replace: true })).toBe(true);
    expect(budget.admit({ channel: 'css', delta: '12' })).toBe(false);
    expect(budget.admit({ channel: 'css', delta: '1' })).toBe(true);
  });

  it("counts a hunk's delta in place of its search text", () => {
    const budget = new WidgetSizeBudget({ maxCharacters: 10 });
    expect(budget.admit({ channel: 'html', delta: '12345678' })).toBe(true);
    expect(budget.admit({ channel: 'html', search: '5678', delta: '567890' })).toBe(true);
    expect(budget.admit({ channel: 'html', search: '90', delta: '901' })).toBe(false);
    expect(budget.admit({ channel: 'html', search: '0', delta: '' })).toBe(true);
    expect(budget.admit({ channel: 'css', delta: '1' })).toBe(true);
  });
});
