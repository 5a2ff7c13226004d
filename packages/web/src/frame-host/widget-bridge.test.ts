import { describe, expect, it } from 'vitest';
import {
  type BridgeOutcome,
  createPromptBudget,
  handleWidgetLink,
  handleWidgetPrompt,
  type WidgetBridgeOptions,
  widgetPromptLimit,
} from './widget-bridge.ts';

function bridgeOptions(sendOutcome: BridgeOutcome = { ok: true, message: 'sent' }) {
  const sent: string[] = [];
  const opened: string[] = [];
  const options: WidgetBridgeOptions = {
    budget: createPromptBudget(widgetPromptLimit),
    sendPrompt: (text) => {
      sent.push(text);
      return sendOutcome;
    },
    openWindow: (url) => {
      opened.push(url);
    },
  };
  return { options, sent, opened };
}

describe('handleWidgetPrompt', () => {
  it('sends the trimmed text', () => {
    const { options, sent } = bridgeOptions();
    expect(handleWidgetPrompt('  Show me Mars  ', options).ok).toBe(true);
    expect(sent).toEqual(['Show me Mars']);
  });

  it('refuses empty, non-text and overlong prompts without spending the budget', () => {
    const { options, sent } = bridgeOptions();
    expect(handleWidgetPrompt('   ', options)).toEqual({ ok: false, message: 'The prompt is empty.' });
    expect(handleWidgetPrompt(42, options).ok).toBe(false);
    expect(handleWidgetPrompt('x'.repeat(2001), options).message).toMatch(/longer than 2000/);
    expect(handleWidgetPrompt('x'.repeat(2000), options).ok).toBe(true);
    expect(sent).toHaveLength(1);
    expect(options.budget.remaining()).toBe(widgetPromptLimit - 1);
  });

  it('allows five prompts and refuses the sixth', () => {
    const { options, sent } = bridgeOptions();
    const outcomes = Array.from({ length: 6 }, (_, index) => handleWidgetPrompt(`prompt ${index}`, options));
    expect(outcomes.map((outcome) => outcome.ok)).toEqual([true, true, true, true, true, false]);
    expect(outcomes[5]?.message).toMatch(/at most 5 prompts/);
    expect(sent).toHaveLength(5);
  });

  it('does not spend the budget when the app refuses (a reply is still running)', () => {
    const { options } = bridgeOptions({ ok: false, message: 'busy' });
    expect(handleWidgetPrompt('hello', options)).toEqual({ ok: false, message: 'busy' });
    expect(options.budget.remaining()).toBe(widgetPromptLimit);
  });
});

describe('handleWidgetLink', () => {
  it('opens https links', () => {
    const { options, opened } = bridgeOptions();
    expect(handleWidgetLink('https://example.com/a?b=1', options).ok).toBe(true);
    expect(opened).toEqual(['https://example.com/a?b=1']);
  });

  it.each([
    'http://example.com',
    'javascript:alert(1)',
    'data:text/html,hi',
    '/relative',
    'file:///etc/passwd',
    '',
  ])('refuses %s', (url) => {
    const { options, opened } = bridgeOptions();
    expect(handleWidgetLink(url, options).ok).toBe(false);
    expect(opened).toEqual([]);
  });
});
