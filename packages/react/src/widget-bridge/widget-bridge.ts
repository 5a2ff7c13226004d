import type { BridgeOutcome } from '../agent-run/bridge-outcome.ts';

/** The most prompts widgets may send on the user's behalf per page load (docs/security.md, "The promise"). */
export const widgetPromptLimit = 5;
export const widgetPromptMaximumLength = 2000;

/** Counts widget-started prompts; one budget lives for the whole page load. */
export interface PromptBudget {
  remaining(): number;
  spend(): void;
}

/** Creates a budget of `limit` prompts. */
export function createPromptBudget(limit: number): PromptBudget {
  let spent = 0;
  return {
    remaining: () => limit - spent,
    spend: () => {
      spent += 1;
    },
  };
}

/** The page's budget: module-level, so reloading a widget or the thread never refills it. */
export const pagePromptBudget = createPromptBudget(widgetPromptLimit);

export interface WidgetBridgeOptions {
  budget: PromptBudget;
  /** Sends the text as the user's next message; refuses (with a reason) while a reply is still running. */
  sendPrompt(text: string): BridgeOutcome;
}

/** Validates and carries out a widget's `host.sendPrompt(text)`. */
export function handleWidgetPrompt(text: unknown, options: WidgetBridgeOptions): BridgeOutcome {
  if (typeof text !== 'string') {
    return { ok: false, message: 'The prompt must be text.' };
  }
  const trimmed = text.trim();
  if (trimmed.length === 0) {
    return { ok: false, message: 'The prompt is empty.' };
  }
  if (trimmed.length > widgetPromptMaximumLength) {
    return { ok: false, message: `The prompt is longer than ${widgetPromptMaximumLength} characters.` };
  }
  if (options.budget.remaining() <= 0) {
    return {
      ok: false,
      message: `Widgets may send at most ${widgetPromptLimit} prompts per page load; type your next message instead.`,
    };
  }
  const outcome = options.sendPrompt(trimmed);
  if (outcome.ok) {
    options.budget.spend();
  }
  return outcome;
}

/** The most links one widget may open per page load (docs/security.md, *Links*). */
export const widgetLinkLimit = 5;

/** Each widget's link budget, by lineage (an edit or a Reload does not refill it), for the whole page load. */
const pageLinkBudgets = new Map<string, PromptBudget>();

/** The page's link budget of the widget `lineageId`. */
export function pageLinkBudget(lineageId: string): PromptBudget {
  let budget = pageLinkBudgets.get(lineageId);
  if (budget === undefined) {
    budget = createPromptBudget(widgetLinkLimit);
    pageLinkBudgets.set(lineageId, budget);
  }
  return budget;
}

export interface WidgetLinkOptions {
  /** This widget's budget (`pageLinkBudget`). */
  budget: PromptBudget;
  /**
   * Whether the page holds a user activation now: a click in the widget gives the page one, and the frame runtime
   * asks only after a click in it (the private channel makes that check the only way in).
   */
  hasUserActivation(): boolean;
  /** Whether `hostname` is on the trusted list: links there open without asking. */
  isTrustedHost(hostname: string): boolean;
  /** Shows the destination and asks; resolves whether the user chose to open it. */
  confirmLink(url: URL): Promise<boolean>;
  openWindow(url: string): void;
}

/**
 * Validates and carries out a widget's `host.openLink(url)`: only absolute https URLs without user info, only
 * with the user activation of a click, at most `widgetLinkLimit` per widget, opened without an opener; a host not
 * on the trusted list opens only once the user saw where it goes and agreed.
 */
export function handleWidgetLink(
  url: unknown,
  options: WidgetLinkOptions,
): BridgeOutcome | Promise<BridgeOutcome> {
  if (typeof url !== 'string') {
    return { ok: false, message: 'The link must be a URL string.' };
  }
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return { ok: false, message: 'The link is not an absolute URL.' };
  }
  if (parsed.protocol !== 'https:') {
    return { ok: false, message: `Only https: links can be opened (got ${parsed.protocol}).` };
  }
  if (parsed.username !== '' || parsed.password !== '') {
    // `https://trusted.example@evil.example/` reads as one host and goes to the other.
    return { ok: false, message: 'A link with a user name or password in it is not opened.' };
  }
  if (!options.hasUserActivation()) {
    return { ok: false, message: 'A link opens only from a click in the widget.' };
  }
  if (options.budget.remaining() <= 0) {
    return { ok: false, message: `A widget may open at most ${widgetLinkLimit} links per page load.` };
  }
  options.budget.spend();
  if (options.isTrustedHost(parsed.hostname)) {
    options.openWindow(parsed.href);
    return { ok: true, message: 'Opened in a new tab.' };
  }
  return options.confirmLink(parsed).then((confirmed) => {
    if (!confirmed) return { ok: false, message: 'The user did not open the link.' };
    options.openWindow(parsed.href);
    return { ok: true, message: 'Opened in a new tab.' };
  });
}
