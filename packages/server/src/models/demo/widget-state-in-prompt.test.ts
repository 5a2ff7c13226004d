import { describe, expect, it } from 'vitest';
import { splitWidgetState } from './widget-state-in-prompt.ts';

describe('splitWidgetState', () => {
  it("takes the server's widget-state block off the user's words and keeps its lines", () => {
    const text = [
      'how many did I count?',
      '<widget-state>',
      'What the widgets of this chat recorded …',
      '- widget w-1 ("Tally counter"): {"count":3}',
      '</widget-state>',
    ].join('\n');
    expect(splitWidgetState(text)).toEqual({
      userText: 'how many did I count?',
      widgetStateLines: ['- widget w-1 ("Tally counter"): {"count":3}'],
    });
    expect(splitWidgetState('a counter')).toEqual({ userText: 'a counter', widgetStateLines: [] });
  });
});
