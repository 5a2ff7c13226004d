import type { BridgeOutcome } from '@drawbridge/react';

// Defined by @drawbridge/react (what the run client's `send` answers); named here too for the bridge's callers.
export type { BridgeOutcome };

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
  openWindow(url: string): void;
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

/** Validates and carries out a widget's `host.openLink(url)`: only absolute https URLs, opened without an opener. */
export function handleWidgetLink(url: unknown, options: WidgetBridgeOptions): BridgeOutcome {
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
  options.openWindow(parsed.href);
  return { ok: true, message: 'Opened in a new tab.' };
}
