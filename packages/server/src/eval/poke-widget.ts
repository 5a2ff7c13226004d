import type { Frame, Locator, Page } from 'playwright-core';
import { type PokeReachability, pokeReachability } from './poke-reachability.ts';

/**
 * Upper bounds so a widget with a thousand buttons cannot stall the eval. The action timeout is generous
 * because a busy machine renders a software-WebGL frame slowly; it is only spent on an element that was
 * checked reachable just before (an unreachable one is skipped at once, not after the timeout). A keyboard
 * retry after a click that failed anyway gets the short one.
 */
export const pokeLimits = {
  fields: 20,
  buttons: 40,
  canvases: 2,
  actionTimeoutMs: 5_000,
  retryTimeoutMs: 1_000,
};

const sampleText: Record<string, string> = {
  email: 'ada@example.com',
  number: '42',
  tel: '+44 20 7946 0000',
  url: 'https://example.com',
  date: '2026-03-14',
  time: '09:30',
  'datetime-local': '2026-03-14T09:30',
  month: '2026-03',
  week: '2026-W11',
  color: '#3b6cf6',
};

const fillableTypes = new Set(['', 'text', 'search', 'password', ...Object.keys(sampleText)]);

/**
 * Uses the widget as a person would, with real input events: types into every text field, picks an
 * option in each select, ticks boxes, nudges sliders with the arrow keys, presses Enter in the first field,
 * drags across canvases and clicks every visible button. `onAction` names each step before it happens, so
 * an error can be tied to the poke that caused it; a step the page does not allow (hidden, disabled, gone)
 * is skipped and counted at once, since a widget may legitimately change under the pokes, and a button
 * something lies on top of is pressed with the keyboard instead.
 */
export async function pokeWidget({
  page,
  frame,
  onAction,
}: {
  page: Page;
  frame: Frame;
  onAction: (description: string) => void;
}): Promise<{ actions: number; skipped: number }> {
  let performed = 0;
  let skipped = 0;
  const attempt = async (description: string, act: () => Promise<unknown>) => {
    onAction(description);
    try {
      await act();
      performed += 1;
      await settle({ frame });
    } catch {
      // Not reachable as a user (covered, detached, disabled): nothing a user could have done there either.
      skipped += 1;
    }
  };
  // Asked before each poke, so what cannot be acted on costs one round trip instead of a whole timeout.
  const reachability = (target: Locator, editable = false): Promise<PokeReachability> =>
    target.evaluate(pokeReachability, editable).catch(() => 'hidden' as const);
  const unreachable = (reason: PokeReachability) => {
    if (reason === 'hidden' || reason === 'disabled') {
      skipped += 1;
      return true;
    }
    return false;
  };
  const timeout = pokeLimits.actionTimeoutMs;

  const fields = frame.locator('input:visible, textarea:visible, select:visible');
  const fieldCount = Math.min(await fields.count(), pokeLimits.fields);
  let firstTextField: Locator | undefined;
  for (let index = 0; index < fieldCount; index += 1) {
    const field = fields.nth(index);
    const { tag, type, name } = await field
      .evaluate((element) => ({
        tag: element.tagName.toLowerCase(),
        type: (element.getAttribute('type') ?? '').toLowerCase(),
        name: element.getAttribute('name') ?? element.id ?? '',
      }))
      .catch(() => ({ tag: '', type: '', name: '' }));
    const label = `${tag}${type ? `[type=${type}]` : ''}${name ? ` "${name}"` : ''}`;
    const typed = tag === 'textarea' || (tag === 'input' && fillableTypes.has(type));
    if (unreachable(await reachability(field, typed))) continue;
    if (tag === 'select') {
      await attempt(`choose an option in ${label}`, async () => {
        const values = await field.evaluate((element) =>
          Array.from((element as HTMLSelectElement).options, (option) => option.value),
        );
        await field.selectOption(values[Math.min(1, values.length - 1)] ?? '', { timeout });
      });
    } else if (type === 'range') {
      await attempt(`move slider ${label}`, async () => {
        await field.focus({ timeout });
        for (const key of ['ArrowRight', 'ArrowRight', 'ArrowRight', 'End', 'Home'])
          await field.press(key, { timeout });
      });
    } else if (type === 'checkbox' || type === 'radio') {
      await attempt(`tick ${label}`, () => field.click({ timeout }));
    } else if (tag === 'textarea' || fillableTypes.has(type)) {
      firstTextField ??= tag === 'textarea' ? undefined : field;
      await attempt(`type into ${label}`, () => field.fill(sampleText[type] ?? 'Drawbridge', { timeout }));
    }
  }
  if (firstTextField !== undefined) {
    const field = firstTextField;
    await attempt('press Enter in the first field', () => field.press('Enter', { timeout }));
  }

  const canvases = frame.locator('canvas:visible');
  const canvasCount = Math.min(await canvases.count(), pokeLimits.canvases);
  for (let index = 0; index < canvasCount; index += 1) {
    await attempt(`drag across canvas ${index + 1}`, async () => {
      const canvas = canvases.nth(index);
      await canvas.scrollIntoViewIfNeeded({ timeout });
      const box = await canvas.boundingBox();
      if (box === null) throw new Error('no box');
      const centreX = box.x + box.width / 2;
      const centreY = box.y + box.height / 2;
      await page.mouse.move(centreX, centreY);
      await page.mouse.down();
      await page.mouse.move(centreX + 40, centreY + 20, { steps: 5 });
      await page.mouse.up();
    });
  }

  const buttons = frame.locator(
    'button:visible, [role="button"]:visible, input[type="submit"]:visible, input[type="button"]:visible',
  );
  const buttonCount = Math.min(await buttons.count(), pokeLimits.buttons);
  for (let index = 0; index < buttonCount; index += 1) {
    const button = buttons.nth(index);
    const name = await button
      .evaluate((element) =>
        (
          element.getAttribute('aria-label') ??
          element.textContent ??
          (element as HTMLInputElement).value ??
          ''
        )
          .replace(/\s+/g, ' ')
          .trim()
          .slice(0, 40),
      )
      .catch(() => '');
    const label = name ? `"${name}"` : String(index + 1);
    const reached = await reachability(button);
    if (unreachable(reached)) continue;
    const pressEnter = () => {
      // Covered by something the pointer cannot get past: a keyboard user still reaches the button.
      onAction(`press Enter on button ${label} (a click could not reach it)`);
      return button.press('Enter', { timeout: pokeLimits.retryTimeoutMs });
    };
    await attempt(`click button ${label}`, async () => {
      if (reached === 'covered') return pressEnter();
      try {
        await button.click({ timeout });
      } catch {
        await pressEnter();
      }
    });
  }
  return { actions: performed, skipped };
}

/** Gives the widget's handlers (and the timers they start) a moment to run before the next step. */
async function settle({ frame }: { frame: Frame }): Promise<void> {
  await frame.evaluate(() => new Promise((resolve) => setTimeout(resolve, 60))).catch(() => undefined);
}
