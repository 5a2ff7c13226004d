import { resolveElement } from './element.ts';
import { fail } from './widget-helpers.ts';

interface PromptHost {
  sendPrompt(text: string): Promise<void>;
}

/**
 * Makes `button` send a follow-up message as the user (`host.sendPrompt`): the text, or what a function returns
 * at the click. While it is on its way the button is disabled; once sent it reads `sent` ("Sent ✓") and stays
 * disabled; a refusal (the page's limit of widget prompts, a widget outside Drawbridge) enables it again and says
 * why in the widget, through `fail()`.
 */
export function ask(
  target: HTMLButtonElement | string,
  text: string | (() => string),
  { sent = 'Sent ✓' }: { sent?: string } = {},
): HTMLButtonElement {
  const button = resolveElement<HTMLButtonElement>(target);
  button.addEventListener('click', async () => {
    if (button.disabled) return;
    button.disabled = true;
    try {
      const host = (globalThis as { host?: PromptHost }).host;
      if (host === undefined) throw new Error('This widget is not inside Drawbridge.');
      await host.sendPrompt(typeof text === 'function' ? text() : text);
      button.textContent = sent;
    } catch (error) {
      button.disabled = false;
      fail(`Could not send: ${error instanceof Error ? error.message : String(error)}`);
    }
  });
  return button;
}
