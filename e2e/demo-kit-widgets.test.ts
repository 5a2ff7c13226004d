import { readFileSync } from 'node:fs';
import type { Browser, Frame, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mergeAdjacentChunks, parseWidgetReply } from '../packages/protocol/src/index.ts';
import { demoCatalogue } from '../packages/server/src/models/demo/demo-catalogue.ts';
import { seriousAccessibilityViolations } from './support/axe-audit.ts';
import { launchBrowser } from './support/browser.ts';
import { type StaticTestServer, startStaticServer } from './support/static-server.ts';

/**
 * The demo widgets written on the kit's behaviour helpers (table, …), drawn from their demo replies in the frame
 * and used as a person would, by pointer and keyboard, in light and dark.
 */

let browser: Browser;
let server: StaticTestServer;

beforeAll(async () => {
  [browser, server] = await Promise.all([launchBrowser(), startStaticServer()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** The CSS, markup and script of a demo reply, its `{{placeholders}}` filled from `values`. */
function demoWidget(
  id: string,
  values: Record<string, string> = {},
): { css: string; html: string; js: string } {
  const entry = demoCatalogue.find((candidate) => candidate.id === id);
  if (entry === undefined) throw new Error(`no demo entry ${id}`);
  const reply = readFileSync(entry.file, 'utf8').replaceAll(
    /\{\{(\w+)\}\}/g,
    (_, name: string) => values[name] ?? '',
  );
  const parts = { css: '', html: '', js: '' };
  for (const chunk of mergeAdjacentChunks(parseWidgetReply(reply)))
    if (chunk.type === 'css' || chunk.type === 'html' || chunk.type === 'js')
      parts[chunk.type] += chunk.delta;
  return parts;
}

async function openDemoWidget(
  id: string,
  theme: 'light' | 'dark' = 'light',
  { values = {}, clock = false }: { values?: Record<string, string>; clock?: boolean } = {},
): Promise<{ page: Page; frame: Frame }> {
  const page = await browser.newPage();
  // A controlled clock (Playwright's, in every frame of the page) for widgets that count time.
  if (clock) await page.clock.install();
  await page.goto(`${server.origin}/host.html`);
  await page.waitForFunction(() =>
    (window as unknown as { received: Array<{ kind: string }> }).received.some(
      (message) => message.kind === 'ready',
    ),
  );
  await page.evaluate(
    ({ widget, theme }) => {
      document.body.style.background = theme === 'dark' ? '#171a21' : '#ffffff';
      const send = (window as unknown as { sendToFrame: (message: unknown) => void }).sendToFrame;
      send({ drawbridge: 1, op: 'theme', theme });
      send({ drawbridge: 1, op: 'css', delta: widget.css });
      send({ drawbridge: 1, op: 'html', delta: widget.html });
      send({ drawbridge: 1, op: 'js', delta: widget.js });
      send({ drawbridge: 1, op: 'end' });
    },
    { widget: demoWidget(id, values), theme },
  );
  await page.waitForFunction(() =>
    (window as unknown as { received: Array<{ kind: string }> }).received.some(
      (message) => message.kind === 'rendered' || message.kind === 'error',
    ),
  );
  const frame = page.frames().find((candidate) => candidate.url().endsWith('/frame'));
  if (frame === undefined) throw new Error('the widget frame is not loaded');
  const kinds = await page.evaluate(() =>
    (window as unknown as { received: Array<{ kind: string }> }).received.map((message) => message.kind),
  );
  expect(kinds).not.toContain('error');
  return { page, frame };
}

async function expectNoSeriousViolations(page: Page): Promise<void> {
  // The widget's document only: the test host page is not the app's and has no title or language.
  const violations = await seriousAccessibilityViolations(page);
  expect(violations.filter((violation) => violation.document.endsWith('/frame'))).toEqual([]);
}

describe('the elements table (kit table())', () => {
  const firstColumn = (frame: Frame, column: number) =>
    frame.locator(`tbody tr td:nth-child(${column})`).allTextContents();

  it('sorts by a heading from the keyboard, Enter and again to reverse, with aria-sort on the heading', async () => {
    const { page, frame } = await openDemoWidget('elements-table');
    const mass = frame.getByRole('columnheader', { name: /Mass/ });
    expect(await frame.getByRole('columnheader', { name: /No\./ }).getAttribute('aria-sort')).toBe(
      'ascending',
    );
    expect((await firstColumn(frame, 1)).slice(0, 3)).toEqual(['1', '2', '3']);
    await mass.getByRole('button').focus();
    await page.keyboard.press('Enter');
    expect(await mass.getAttribute('aria-sort')).toBe('ascending');
    expect(await frame.getByRole('columnheader', { name: /No\./ }).getAttribute('aria-sort')).toBeNull();
    await page.keyboard.press('Space');
    expect(await mass.getAttribute('aria-sort')).toBe('descending');
    expect((await firstColumn(frame, 2))[0]).toContain('Argon');
    // Helium, neon and argon have no electronegativity: last whichever way it sorts.
    const electronegativity = frame.getByRole('columnheader', { name: /Electroneg/ }).getByRole('button');
    await electronegativity.click();
    expect((await firstColumn(frame, 5)).slice(-3)).toEqual(['—', '—', '—']);
    await electronegativity.click();
    expect((await firstColumn(frame, 5))[0]).toBe('3.98');
    expect((await firstColumn(frame, 5)).slice(-3)).toEqual(['—', '—', '—']);
    await page.close();
  });

  it('filters by name, symbol or category, counts the rows shown and says when none match', async () => {
    const { page, frame } = await openDemoWidget('elements-table');
    const filter = frame.getByRole('searchbox', { name: 'Filter elements by name, symbol or category' });
    await filter.fill('noble');
    expect((await firstColumn(frame, 2)).map((text) => text.trim())).toEqual([
      'He Helium',
      'Ne Neon',
      'Ar Argon',
    ]);
    expect(await frame.getByText('Showing 3 of 18').count()).toBe(1);
    await filter.fill('unobtainium');
    expect(await frame.locator('tbody').textContent()).toBe('No element matches that filter.');
    await page.close();
  });

  for (const theme of ['light', 'dark'] as const) {
    it(`has no serious accessibility violation (${theme})`, async () => {
      const { page, frame } = await openDemoWidget('elements-table', theme);
      await frame
        .getByRole('columnheader', { name: /Category/ })
        .getByRole('button')
        .click();
      await expectNoSeriousViolations(page);
      await page.close();
    });
  }
});

describe('the unit converter (kit segmented(), num())', () => {
  it('switches the quantity by click or arrow keys, as one radio group, and converts as you type', async () => {
    const { page, frame } = await openDemoWidget('unit-converter');
    const quantity = frame.getByRole('radiogroup', { name: 'Quantity' });
    const result = frame.locator('#result');
    expect(await quantity.getByRole('radio', { name: 'Length' }).getAttribute('aria-checked')).toBe('true');
    expect(await result.textContent()).toBe('6.21371');
    expect(await frame.locator('.formula').textContent()).toBe('10 kilometre = 6.21371 mile');
    await quantity.getByRole('radio', { name: 'Length' }).focus();
    await page.keyboard.press('ArrowRight');
    expect(await quantity.getByRole('radio', { name: 'Weight' }).getAttribute('aria-checked')).toBe('true');
    expect(await frame.evaluate(() => document.activeElement?.textContent)).toBe('Weight');
    expect(await result.textContent()).toBe('22.0462');
    await page.keyboard.press('End');
    expect(await frame.locator('#from').inputValue()).toBe('Kilometre per hour');
    await quantity.getByRole('radio', { name: 'Temperature' }).click();
    await frame.getByLabel('From', { exact: true }).fill('-40');
    expect(await result.textContent()).toBe('-40');
    await frame.getByRole('button', { name: 'Swap units' }).click();
    await frame.getByLabel('From', { exact: true }).fill('212');
    expect(await result.textContent()).toBe('100');
    expect(await frame.locator('ul li').first().textContent()).toBe('-40 → -40');
    // Only the chosen quantity is a tab stop; Tab goes on to the amount.
    await quantity.getByRole('radio', { name: 'Temperature' }).focus();
    await page.keyboard.press('Tab');
    expect(await frame.evaluate(() => document.activeElement?.id)).toBe('amount');
    await page.close();
  });

  for (const theme of ['light', 'dark'] as const) {
    it(`has no serious accessibility violation (${theme})`, async () => {
      const { page } = await openDemoWidget('unit-converter', theme);
      await expectNoSeriousViolations(page);
      await page.close();
    });
  }
});

describe('the pomodoro timer (kit countdown(), segmented())', () => {
  it('counts down by the clock, pauses, and at the end announces it and moves on to a break', async () => {
    const { page: timerPage, frame } = await openDemoWidget('pomodoro-timer', 'light', { clock: true });
    const clock = frame.getByRole('timer');
    const modes = frame.getByRole('radiogroup', { name: 'Timer mode' });
    expect(await clock.textContent()).toBe('25:00');
    await frame.getByRole('button', { name: 'Start' }).click();
    await timerPage.clock.runFor(61_000);
    await expect.poll(() => clock.textContent()).toBe('23:59');
    await frame.getByRole('button', { name: 'Pause' }).click();
    await timerPage.clock.runFor(120_000);
    expect(await clock.textContent()).toBe('23:59');
    await frame.getByRole('button', { name: 'Start' }).click();
    await timerPage.clock.runFor(24 * 60_000);
    await expect
      .poll(() => frame.locator('.announce').textContent())
      .toBe('Focus session done. Time for a break.');
    expect(await modes.getByRole('radio', { name: 'Short break' }).getAttribute('aria-checked')).toBe('true');
    expect(await clock.textContent()).toBe('05:00');
    expect(await frame.locator('.dots').getAttribute('aria-label')).toBe('1 focus session done');
    expect(await frame.getByRole('button', { name: 'Start' }).count()).toBe(1);
    // The mode from the keyboard: the long break is the last choice.
    await modes.getByRole('radio', { name: 'Short break' }).focus();
    await timerPage.keyboard.press('End');
    expect(await clock.textContent()).toBe('15:00');
    expect(await frame.locator('.label').textContent()).toBe('Long break');
    await timerPage.close();
  });

  for (const theme of ['light', 'dark'] as const) {
    it(`has no serious accessibility violation (${theme})`, async () => {
      const { page } = await openDemoWidget('pomodoro-timer', theme);
      await expectNoSeriousViolations(page);
      await page.close();
    });
  }
});

describe('tic-tac-toe (kit cells())', () => {
  it('plays from the keyboard: arrows move through the board, Enter marks, taken squares stay reachable but refuse', async () => {
    const { page, frame } = await openDemoWidget('tic-tac-toe');
    const board = frame.getByRole('group', { name: 'Board' });
    const squares = board.getByRole('button');
    expect(await squares.count()).toBe(9);
    expect(await squares.evaluateAll((cells) => cells.filter((cell) => cell.tabIndex === 0).length)).toBe(1);
    await squares.first().focus();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowRight');
    expect(await frame.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(
      'Row 2, column 2, empty',
    );
    await page.keyboard.press('Enter');
    expect(await board.getByRole('button', { name: 'Row 2, column 2, you' }).textContent()).toBe('✕');
    expect(await board.getByRole('button', { name: /computer$/ }).count()).toBe(1);
    expect(await frame.locator('.status').textContent()).toBe('Your move');
    // The centre is taken: still focusable (screen readers hear what holds it), but Enter does nothing.
    expect(
      await board.getByRole('button', { name: 'Row 2, column 2, you' }).getAttribute('aria-disabled'),
    ).toBe('true');
    await page.keyboard.press('Enter');
    expect(await board.getByRole('button', { name: /computer$/ }).count()).toBe(1);
    await frame.getByRole('button', { name: 'New game' }).click();
    expect(await board.getByRole('button', { name: /empty$/ }).count()).toBe(9);
    expect(await frame.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(
      'Row 2, column 2, empty',
    );
    expect(await squares.nth(4).getAttribute('tabindex')).toBe('0');
    await page.close();
  });

  for (const theme of ['light', 'dark'] as const) {
    it(`has no serious accessibility violation (${theme})`, async () => {
      const { page, frame } = await openDemoWidget('tic-tac-toe', theme);
      await frame.getByRole('button', { name: 'Row 1, column 1, empty' }).click();
      await expectNoSeriousViolations(page);
      await page.close();
    });
  }
});

describe('the trip itinerary (kit checklist())', () => {
  const trip = {
    destination: 'Lisbon',
    nights: '3',
    start: '2031-05-01',
    budget: 'splurge',
    interests: 'food, museums',
    travellers: '2 people',
  };

  it('ticks plans off by keyboard, counts them per day and keeps the ticks in the widget state', async () => {
    const { page, frame } = await openDemoWidget('trip-itinerary', 'light', { values: trip });
    const days = frame.locator('.days > li');
    expect(await days.count()).toBe(4);
    const first = days.first();
    expect(await first.locator('summary').textContent()).toBe('Day 1Thu 1 May');
    expect(await first.getByRole('checkbox').count()).toBe(3);
    const arrival = first.getByRole('checkbox', { name: /Morning ?Arrive and settle in/ });
    await arrival.focus();
    await page.keyboard.press('Space');
    expect(await arrival.isChecked()).toBe(true);
    expect(await first.locator('.done').textContent()).toBe('1/3 done');
    const struck = await first
      .getByText('Arrive and settle in')
      .evaluate((text) => getComputedStyle(text).textDecorationLine);
    expect(struck).toBe('line-through');
    const kept = await page.evaluate(() =>
      (window as unknown as { received: Array<{ kind: string; json?: string }> }).received
        .filter((message) => message.kind === 'state')
        .map((message) => JSON.parse(message.json ?? 'null')),
    );
    expect(kept.at(-1)).toEqual({ day1: [true, false, false] });
    // The last day is two plans: a morning and the way home.
    expect(await days.last().getByRole('checkbox', { includeHidden: true }).count()).toBe(2);
    await page.close();
  });

  for (const theme of ['light', 'dark'] as const) {
    it(`has no serious accessibility violation (${theme})`, async () => {
      const { page, frame } = await openDemoWidget('trip-itinerary', theme, { values: trip });
      await frame.locator('.days > li').first().getByRole('checkbox').first().check();
      await expectNoSeriousViolations(page);
      await page.close();
    });
  }
});

describe('the request flow diagram (kit steps())', () => {
  it('steps by Next and Back, jumps from a box by keyboard, and plays to the end on the clock', async () => {
    const { page, frame } = await openDemoWidget('request-flow-diagram', 'light', { clock: true });
    const status = frame.locator('.status');
    const active = () =>
      frame
        .locator('ol li')
        .evaluateAll((items) => items.findIndex((item) => item.classList.contains('active')));
    expect(await status.textContent()).toMatch(/^Step 1 of 7: The browser resolves/);
    await frame.getByRole('button', { name: 'Next' }).click();
    expect(await active()).toBe(1);
    await frame.getByRole('button', { name: 'Back' }).press('Enter');
    await frame.getByRole('button', { name: 'Back' }).press('Enter');
    expect(await active()).toBe(6);
    expect(await status.textContent()).toMatch(/^Step 7 of 7: The JSON response/);
    await frame.locator('.node[data-step="4"]').focus();
    await page.keyboard.press('Enter');
    expect(await active()).toBe(4);
    expect(await frame.locator('.node.active .title').textContent()).toBe('Cache');
    const play = frame.locator('#play');
    await play.click();
    expect(await play.textContent()).toBe('Pause');
    expect(await active()).toBe(5);
    await page.clock.runFor(1600);
    await expect.poll(active).toBe(6);
    await page.clock.runFor(1600);
    await expect.poll(() => play.textContent()).toBe('Play');
    expect(await active()).toBe(6);
    // From the last step, Play starts over.
    await play.click();
    expect(await active()).toBe(0);
    await page.close();
  });

  for (const theme of ['light', 'dark'] as const) {
    it(`has no serious accessibility violation (${theme})`, async () => {
      const { page } = await openDemoWidget('request-flow-diagram', theme);
      await expectNoSeriousViolations(page);
      await page.close();
    });
  }
});

describe('the calculator (kit hotkeys(), num())', () => {
  it('takes typed keys as presses of its buttons, once each, with aliases', async () => {
    const { page, frame } = await openDemoWidget('calculator');
    const result = frame.getByRole('status', { name: 'Result' });
    await frame.locator('body').click({ position: { x: 2, y: 2 } });
    await page.keyboard.type('2+3*4');
    expect(await result.textContent()).toBe('4');
    expect(await frame.locator('.expression').textContent()).toBe('2 + 3 ×');
    await page.keyboard.press('=');
    expect(await result.textContent()).toBe('14');
    expect(await frame.locator('.expression').textContent()).toBe('2 + 3 × 4 =');
    await page.keyboard.type('1234567.5/3');
    await page.keyboard.press('Enter');
    expect(await result.textContent()).toBe('411,522.5');
    await page.keyboard.press('Escape');
    expect(await result.textContent()).toBe('0');
    // Enter on a focused key presses that key, not "equals" as well.
    await frame.getByRole('button', { name: '7', exact: true }).focus();
    await page.keyboard.press('Enter');
    expect(await result.textContent()).toBe('7');
    expect(await frame.locator('.expression').textContent()).toBe('');
    await page.close();
  });
});

describe('the trip planner (kit ask())', () => {
  it('sends the plan as the next message, and says so in the widget when the chat refuses it', async () => {
    const { page, frame } = await openDemoWidget('trip-planner-form');
    await frame.getByLabel('Destination').fill('Lisbon');
    await frame.getByLabel('First day').fill('2031-05-01');
    await frame.getByRole('button', { name: 'Review my trip' }).click();
    await page.evaluate(() => {
      (window as unknown as { bridgeAnswer: unknown }).bridgeAnswer = {
        ok: false,
        message: 'Too many prompts.',
      };
    });
    const send = frame.getByRole('button', { name: 'Plan this trip' });
    await send.click();
    await expect
      .poll(() => frame.getByRole('alert').last().textContent())
      .toBe('Something went wrong: Could not send: Too many prompts.');
    expect(await send.isEnabled()).toBe(true);
    await page.evaluate(() => {
      (window as unknown as { bridgeAnswer: unknown }).bridgeAnswer = { ok: true, message: '' };
    });
    await send.click();
    await expect.poll(() => frame.getByRole('button', { name: 'Sent ✓' }).isDisabled()).toBe(true);
    const prompts = await page.evaluate(() =>
      (window as unknown as { received: Array<{ kind: string; text?: string }> }).received
        .filter((message) => message.kind === 'prompt')
        .map((message) => message.text),
    );
    expect(prompts).toHaveLength(2);
    expect(prompts[1]).toBe(
      'Plan a 5-night trip to Lisbon from 2031-05-01 for 2 people, comfortable budget, interested in open to anything.',
    );
    await page.close();
  });
});
