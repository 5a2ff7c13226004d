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
  values: Record<string, string> = {},
): Promise<{ page: Page; frame: Frame }> {
  const page = await browser.newPage();
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
