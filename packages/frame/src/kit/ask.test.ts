// @vitest-environment happy-dom

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ask } from './ask.ts';

describe('ask', () => {
  const sent: string[] = [];
  let refuse: string | undefined;

  beforeEach(() => {
    sent.length = 0;
    refuse = undefined;
    document.body.innerHTML = '<section class="kit"><button id="send">Plan this trip</button></section>';
    Object.assign(globalThis, {
      host: {
        sendPrompt: async (text: string) => {
          if (refuse !== undefined) throw new Error(refuse);
          sent.push(text);
        },
      },
    });
  });
  afterEach(() => {
    Reflect.deleteProperty(globalThis, 'host');
  });

  const button = () => document.getElementById('send') as HTMLButtonElement;

  it('sends the text the function gives at the click, then reads Sent and stays disabled', async () => {
    let plan = 'draft';
    ask('#send', () => plan);
    plan = 'Plan a trip to Lisbon';
    button().click();
    expect(button().disabled).toBe(true);
    await vi.waitFor(() => expect(button().textContent).toBe('Sent ✓'));
    expect(sent).toEqual(['Plan a trip to Lisbon']);
    button().click();
    expect(sent).toHaveLength(1);
  });

  it('says in the widget why a refused message was not sent, and lets the user try again', async () => {
    refuse = 'The page allows five widget prompts.';
    ask('#send', 'Go', { sent: 'Asked' });
    button().click();
    await vi.waitFor(() => expect(button().disabled).toBe(false));
    expect(document.querySelector('.kit > .alert')?.textContent).toBe(
      'Something went wrong: Could not send: The page allows five widget prompts.',
    );
    refuse = undefined;
    button().click();
    await vi.waitFor(() => expect(button().textContent).toBe('Asked'));
  });
});
