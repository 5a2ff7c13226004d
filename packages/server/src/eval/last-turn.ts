import type { Page } from 'playwright-core';

/** Set by `markLastTurn` on the assistant messages after the last user message: what a case is judged on. */
export const lastTurnSelector = '[data-eval-last-turn]';

/** Marks the assistant messages of the last turn (a typed widget's carrier is a message of its own). */
export async function markLastTurn({ page }: { page: Page }): Promise<void> {
  await page.evaluate(() => {
    // The package's transcript draws replies as `.db-message`; the app draws its own user messages (`.message--user`,
    // with their edit and branch controls) into it.
    const messages = Array.from(document.querySelectorAll('.db-message, .message--user'));
    const isUser = (message: Element) =>
      message.classList.contains('message--user') || message.classList.contains('db-message--user');
    const lastUser = messages.map(isUser).lastIndexOf(true);
    for (const message of messages.slice(lastUser + 1)) message.setAttribute('data-eval-last-turn', '');
  });
}

/** The last turn as the user sees it, cut to the viewport. */
export async function screenshotLastTurn({ page }: { page: Page }): Promise<Buffer> {
  await page.locator(lastTurnSelector).last().scrollIntoViewIfNeeded();
  const clip = await page.evaluate((selector) => {
    const boxes = Array.from(document.querySelectorAll(selector), (element) =>
      element.getBoundingClientRect(),
    );
    const left = Math.min(...boxes.map((box) => box.left));
    const top = Math.min(...boxes.map((box) => box.top));
    const right = Math.max(...boxes.map((box) => box.right));
    const bottom = Math.max(...boxes.map((box) => box.bottom));
    const margin = 8;
    return {
      x: Math.max(0, left - margin),
      y: Math.max(0, top - margin),
      width: Math.min(window.innerWidth, right + margin) - Math.max(0, left - margin),
      height: Math.min(window.innerHeight, bottom + margin) - Math.max(0, top - margin),
    };
  }, lastTurnSelector);
  return page.screenshot({ clip, animations: 'disabled' });
}
