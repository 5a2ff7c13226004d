import { describe, expect, it } from 'vitest';
import { widgetStateLimits, widgetStateProblem } from '../widget-limits.ts';
import { putWidgetStateBodySchema } from './widget-state.ts';

describe('widget state', () => {
  it('is a JSON object within the bound, and a refusal says which rule it broke', () => {
    expect(putWidgetStateBodySchema.safeParse({ state: { count: 3, picked: ['a'] } }).success).toBe(true);
    const tooLong = putWidgetStateBodySchema.safeParse({
      state: { notes: 'x'.repeat(widgetStateLimits.maxCharacters) },
    });
    expect(tooLong.success).toBe(false);
    expect(tooLong.error?.issues[0]?.message).toMatch(
      /^The state is 4\d{3} characters as JSON, more than the 4000/,
    );
    for (const state of [[1, 2], 'three', 3, null]) {
      expect(putWidgetStateBodySchema.safeParse({ state }).success, JSON.stringify(state)).toBe(false);
    }
    expect(putWidgetStateBodySchema.safeParse({ state: {}, extra: 1 }).success).toBe(false);
  });

  it('is checked from its JSON text the same way in the frame, which has no zod', () => {
    expect(widgetStateProblem('{"count":3}')).toBeUndefined();
    expect(widgetStateProblem('[1]')).toBe('The state must be a JSON object, such as { "count": 3 }.');
    expect(widgetStateProblem('{')).toBe('The state is not JSON.');
    expect(widgetStateProblem(JSON.stringify({ a: 'x'.repeat(4000) }))).toContain('more than the 4000');
  });
});
