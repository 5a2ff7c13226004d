import { describe, expect, it } from 'vitest';
import type { BridgeOutcome } from '../agent-run/bridge-outcome.ts';
import { isTrustedLinkHost } from './trusted-link-hosts.ts';
import {
  createPromptBudget,
  handleWidgetLink,
  handleWidgetPrompt,
  type WidgetBridgeOptions,
  type WidgetLinkOptions,
  widgetLinkLimit,
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
  };
  return { options, sent, opened };
}

function linkOptions({
  activated = true,
  trusted = ['example.com'],
  confirms = true,
}: {
  activated?: boolean;
  trusted?: string[];
  confirms?: boolean;
} = {}) {
  const opened: string[] = [];
  const asked: string[] = [];
  const options: WidgetLinkOptions = {
    budget: createPromptBudget(widgetLinkLimit),
    hasUserActivation: () => activated,
    isTrustedHost: (hostname) => isTrustedLinkHost({ hostname, trustedHosts: trusted }),
    confirmLink: async (url) => {
      asked.push(url.href);
      return confirms;
    },
    openWindow: (url) => {
      opened.push(url);
    },
  };
  return { options, opened, asked };
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
  it('opens an https link to a trusted host at once', async () => {
    const { options, opened, asked } = linkOptions();
    expect((await handleWidgetLink('https://example.com/a?b=1', options)).ok).toBe(true);
    expect(opened).toEqual(['https://example.com/a?b=1']);
    expect(asked).toEqual([]);
  });

  it.each([
    'http://example.com',
    'javascript:alert(1)',
    'data:text/html,hi',
    '/relative',
    'file:///etc/passwd',
    '',
  ])('refuses %s', async (url) => {
    const { options, opened } = linkOptions();
    expect((await handleWidgetLink(url, options)).ok).toBe(false);
    expect(opened).toEqual([]);
  });

  it.each([
    'https://user:pass@example.com/',
    'https://example.com@evil.example/',
    'https://:secret@example.com/',
  ])('refuses a link with user info: %s', async (url) => {
    const { options, opened, asked } = linkOptions();
    const outcome = await handleWidgetLink(url, options);
    expect(outcome).toEqual({
      ok: false,
      message: 'A link with a user name or password in it is not opened.',
    });
    expect([...opened, ...asked]).toEqual([]);
  });

  it('refuses without a user activation, spending nothing', async () => {
    const { options, opened } = linkOptions({ activated: false });
    expect(await handleWidgetLink('https://example.com/?secret=42', options)).toEqual({
      ok: false,
      message: 'A link opens only from a click in the widget.',
    });
    expect(opened).toEqual([]);
    expect(options.budget.remaining()).toBe(widgetLinkLimit);
  });

  it(`opens at most ${widgetLinkLimit} links per widget, however many it asks for`, async () => {
    const { options, opened } = linkOptions();
    const outcomes = [];
    for (let index = 0; index < 36; index += 1) {
      outcomes.push(await handleWidgetLink(`https://example.com/${index}`, options));
    }
    expect(outcomes.filter((outcome) => outcome.ok)).toHaveLength(widgetLinkLimit);
    expect(outcomes.at(-1)?.message).toMatch(/at most 5 links/);
    expect(opened).toHaveLength(widgetLinkLimit);
  });

  it('asks before a host not on the trusted list, and opens only when the user agrees', async () => {
    const agreed = linkOptions({ trusted: ['*.example.com'] });
    expect((await handleWidgetLink('https://elsewhere.test/page', agreed.options)).ok).toBe(true);
    expect(agreed.asked).toEqual(['https://elsewhere.test/page']);
    expect(agreed.opened).toEqual(['https://elsewhere.test/page']);
    expect((await handleWidgetLink('https://docs.example.com/', agreed.options)).ok).toBe(true);
    expect(agreed.asked).toHaveLength(1);

    const declined = linkOptions({ trusted: [], confirms: false });
    expect(await handleWidgetLink('https://example.com/', declined.options)).toEqual({
      ok: false,
      message: 'The user did not open the link.',
    });
    expect(declined.opened).toEqual([]);
  });
});

describe('isTrustedLinkHost', () => {
  it('matches a host exactly, and *. entries below their host only', () => {
    const trustedHosts = ['docs.example.com', '*.wikipedia.org'];
    const trusted = (hostname: string) => isTrustedLinkHost({ hostname, trustedHosts });
    expect(trusted('docs.example.com')).toBe(true);
    expect(trusted('DOCS.example.com')).toBe(true);
    expect(trusted('example.com')).toBe(false);
    expect(trusted('evil-docs.example.com')).toBe(false);
    expect(trusted('en.wikipedia.org')).toBe(true);
    expect(trusted('wikipedia.org')).toBe(false);
    expect(trusted('notwikipedia.org')).toBe(false);
    expect(trusted('wikipedia.org.evil.test')).toBe(false);
  });
});
