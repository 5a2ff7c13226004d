import type { Browser, Frame, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousAccessibilityViolations } from './support/axe-audit.ts';
import { launchBrowser } from './support/browser.ts';
import { type StaticTestServer, startStaticServer } from './support/static-server.ts';

// A widget written on the kit: classes only, no CSS of its own, a chart and a form from a few script lines.
const kitMarkup = `<section class="kit card stack">
  <div class="row spread"><h3>Sales</h3><span class="badge ok">Live</span></div>
  <dl class="stats"><div><dt>Total</dt><dd>$74k</dd></div><div><dt>Growth</dt><dd class="up">+12%</dd></div></dl>
  <div id="sales"></div>
  <div id="share"></div>
  <form class="grid" novalidate>
    <label class="field">Email <input name="email" type="email" required></label>
    <label class="field">Nights <input name="nights" type="number" min="1" max="30" value="40"></label>
    <fieldset class="wide"><legend>Budget</legend><div class="row">
      <label class="check"><input type="radio" name="budget" value="low" required>Low</label>
      <label class="check"><input type="radio" name="budget" value="high">High</label>
    </div></fieldset>
    <div class="slider wide"><label for="speed">Speed</label><input id="speed" type="range" value="3" min="0" max="10"><output for="speed">3</output></div>
    <div class="row wide"><button class="primary">Send</button><button type="button" class="ghost">Later</button></div>
  </form>
  <table><thead><tr><th>Region</th><th class="num">Units</th></tr></thead><tbody><tr><td>North</td><td class="num">12</td></tr></tbody></table>
  <div id="people"></div>
  <div class="card" id="own">A card the widget styles itself</div>
  <div class="panel" id="panel">A filled panel</div>
  <p class="tip" id="own-tip">A tip of the widget's own, not a chart's</p>
</section>
<div class="card" id="outside">Not in the kit</div>`;

const kitScript = `import { chart, form, table } from 'kit';
chart('#sales', { type: 'bar', title: 'Sales by quarter', labels: ['Q1', 'Q2', 'Q3', 'Q4'],
  series: [{ name: 'North', values: [12, 15, 9, 20] }, { name: 'South', values: [8, 11, 14, 10] }], format: (v) => v + 'k' });
chart('#share', { type: 'pie', title: 'Channels', labels: ['Search', 'Email'], series: [75, 25] });
form('form', { check: { email: (value) => (value.endsWith('.org') ? '' : 'Use your .org address') },
  submit: (values) => { window.submitted = values; } });
table('#people', { label: 'People', filter: true, sort: 'name', onSelect: (row) => { window.picked = row.name; },
  columns: [{ key: 'name', label: 'Name' }, { key: 'age', label: 'Age', num: true }],
  rows: [{ name: 'Grace', age: 85 }, { name: 'Ada', age: 36 }, { name: 'Alan', age: 41 }] });`;

const ownCss = '#own{padding:3px}';

let browser: Browser;
let server: StaticTestServer;

beforeAll(async () => {
  [browser, server] = await Promise.all([launchBrowser(), startStaticServer()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

async function openKitWidget(theme: 'light' | 'dark'): Promise<{ page: Page; frame: Frame }> {
  const page = await browser.newPage();
  await page.goto(`${server.origin}/host.html`);
  await page.waitForFunction(() =>
    (window as unknown as { received: Array<{ kind: string }> }).received.some(
      (message) => message.kind === 'ready',
    ),
  );
  await page.evaluate(
    ({ css, html, js, theme }) => {
      document.body.style.background = theme === 'dark' ? '#171a21' : '#ffffff';
      const send = (window as unknown as { sendToFrame: (message: unknown) => void }).sendToFrame;
      send({ drawbridge: 1, op: 'theme', theme });
      send({ drawbridge: 1, op: 'css', delta: css });
      send({ drawbridge: 1, op: 'html', delta: html });
      send({ drawbridge: 1, op: 'js', delta: js });
      send({ drawbridge: 1, op: 'end' });
    },
    { css: ownCss, html: kitMarkup, js: kitScript, theme },
  );
  await page.waitForFunction(() =>
    (window as unknown as { received: Array<{ kind: string }> }).received.some(
      (message) => message.kind === 'rendered' || message.kind === 'error',
    ),
  );
  const frame = page.frames().find((candidate) => candidate.url().endsWith('/frame'));
  if (frame === undefined) throw new Error('the widget frame is not loaded');
  // chartist draws on the task after the script's own.
  await frame.locator('#sales svg .ct-bar').first().waitFor({ state: 'attached' });
  return { page, frame };
}

describe('the kit inside the frame', () => {
  it('loads from our server and renders, with no error', async () => {
    const { page } = await openKitWidget('light');
    const kinds = await page.evaluate(() =>
      (window as unknown as { received: Array<{ kind: string }> }).received.map((message) => message.kind),
    );
    expect(kinds).toContain('rendered');
    expect(kinds).not.toContain('error');
    await page.close();
  });

  it('draws a chart with a legend, a data table and a keyboard readout', async () => {
    const { page, frame } = await openKitWidget('light');
    expect(await frame.locator('#sales .ct-bar').count()).toBe(8);
    expect(await frame.locator('#sales .legend li').allTextContents()).toEqual(['North', 'South']);
    expect(await frame.locator('#sales table caption').textContent()).toBe('Sales by quarter');
    expect(await frame.locator('#sales table tbody tr').first().locator('th, td').allTextContents()).toEqual([
      'Q1',
      '12k',
      '8k',
    ]);
    expect(await frame.locator('#sales').getAttribute('role')).toBe('group');
    await frame.locator('#sales').focus();
    await frame.locator('#sales').press('End');
    await expect
      .poll(() => frame.locator('#sales [aria-live]').textContent())
      .toBe('Q4: North 20k · South 10k');
    expect(await frame.locator('#sales .tip').isVisible()).toBe(true);
    await frame.locator('#sales').press('ArrowLeft');
    expect(await frame.locator('#sales [aria-live]').textContent()).toBe('Q3: North 9k · South 14k');
    await frame.locator('#sales').press('Escape');
    expect(await frame.locator('#sales .tip').isVisible()).toBe(false);
    expect(await frame.locator('#share .legend li').allTextContents()).toEqual(['Search 75%', 'Email 25%']);
    await page.close();
  });

  it('validates a novalidate form: messages under the fields, a summary, then the answers', async () => {
    const { page, frame } = await openKitWidget('light');
    await frame.locator('button.primary').click();
    const summary = frame.locator('form > .alert[role=alert]');
    await expect.poll(() => summary.isVisible()).toBe(true);
    expect(await summary.locator('li').allTextContents()).toEqual([
      'Email: Use your .org address',
      'Nights: Value must be less than or equal to 30.',
      'Budget: Please select one of these options.',
    ]);
    expect(await frame.evaluate(() => document.activeElement?.classList.contains('alert'))).toBe(true);
    const email = frame.locator('input[name=email]');
    expect(await email.getAttribute('aria-invalid')).toBe('true');
    const describedBy = await email.getAttribute('aria-describedby');
    expect(await frame.locator(`#${describedBy}`).textContent()).toBe('Use your .org address');
    // The field's name stays its label's words, not the message inside the label.
    expect(
      await frame.evaluate(() =>
        document
          .querySelector('input[name=email]')
          ?.closest('label')
          ?.querySelector('.error')
          ?.getAttribute('aria-hidden'),
      ),
    ).toBe('true');

    await email.fill('ada@example.org');
    expect(await email.getAttribute('aria-invalid')).toBeNull();
    expect(await summary.locator('li').count()).toBe(2);
    await frame.locator('input[name=nights]').fill('5');
    await frame.locator('input[value=high]').check();
    await frame.locator('button.primary').click();
    await expect
      .poll(() => frame.evaluate(() => (window as unknown as { submitted?: unknown }).submitted))
      .toEqual({ email: 'ada@example.org', nights: '5', budget: 'high' });
    expect(await summary.isHidden()).toBe(true);
    await page.close();
  });

  it('draws a table whose headings sort and whose rows are chosen by pointer or keyboard', async () => {
    const { page, frame } = await openKitWidget('light');
    const people = frame.getByRole('table', { name: 'People' });
    const names = () => people.locator('tbody td:first-child').allTextContents();
    expect(await names()).toEqual(['Ada', 'Alan', 'Grace']);
    await people.getByRole('button', { name: /Age/ }).click();
    await people.getByRole('button', { name: /Age/ }).press('Enter');
    expect(await people.getByRole('columnheader', { name: /Age/ }).getAttribute('aria-sort')).toBe(
      'descending',
    );
    expect(await names()).toEqual(['Grace', 'Alan', 'Ada']);
    await people.getByRole('button', { name: /Age/ }).press('Tab');
    expect(await frame.evaluate(() => document.activeElement?.textContent)).toBe('Grace85');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await expect
      .poll(() => frame.evaluate(() => (window as unknown as { picked?: string }).picked))
      .toBe('Alan');
    expect(
      await people.locator('tbody tr').evaluateAll((rows) => rows.map((row) => row.ariaSelected)),
    ).toEqual(['false', 'true', 'false']);
    const focusRing = await people
      .locator('tbody tr[aria-selected=true]')
      .evaluate((row) => getComputedStyle(row).outlineStyle);
    expect(focusRing).toBe('solid');
    await page.close();
  });

  it('styles only what is inside `.kit`, and a widget’s own CSS wins', async () => {
    const { page, frame } = await openKitWidget('light');
    const padding = (selector: string) =>
      frame.locator(selector).evaluate((element) => getComputedStyle(element).paddingTop);
    expect(await padding('#outside')).toBe('0px');
    expect(await padding('#own')).toBe('3px');
    expect(await padding('section.kit')).toBe('16px');
    await page.close();
  });

  it('keeps the chart tooltip style to the chart: an element the widget names `tip` is its own', async () => {
    const { page, frame } = await openKitWidget('light');
    const look = (selector: string) =>
      frame.locator(selector).evaluate((element) => {
        const style = getComputedStyle(element);
        return { position: style.position, pointerEvents: style.pointerEvents, whiteSpace: style.whiteSpace };
      });
    expect(await look('#own-tip')).toEqual({
      position: 'static',
      pointerEvents: 'auto',
      whiteSpace: 'normal',
    });
    expect(await look('#sales > .tip')).toEqual({
      position: 'absolute',
      pointerEvents: 'none',
      whiteSpace: 'nowrap',
    });
    expect(await frame.locator('#own-tip').isVisible()).toBe(true);
    await page.close();
  });

  for (const theme of ['light', 'dark'] as const) {
    it(`edges a panel with the theme's border, not only a fill close to the page's (${theme})`, async () => {
      const { page, frame } = await openKitWidget(theme);
      const { border, themeBorder, fill, themeSurface } = await frame.locator('#panel').evaluate((panel) => {
        const style = getComputedStyle(panel);
        // The theme's colours, resolved the way the panel's are.
        const probe = document.createElement('div');
        probe.style.cssText = 'color:var(--db-border);background:var(--db-surface)';
        document.body.append(probe);
        const probed = getComputedStyle(probe);
        const colours = { themeBorder: probed.color, themeSurface: probed.backgroundColor };
        probe.remove();
        return {
          border: `${style.borderTopWidth} ${style.borderTopStyle} ${style.borderTopColor}`,
          fill: style.backgroundColor,
          ...colours,
        };
      });
      expect(border).toBe(`1px solid ${themeBorder}`);
      expect(fill).toBe(themeSurface);
      expect(themeBorder).not.toBe(themeSurface);
      await page.close();
    });

    it(`has no serious accessibility violation (${theme})`, async () => {
      const { page, frame } = await openKitWidget(theme);
      await frame.locator('button.primary').click();
      await frame.locator('form > .alert[role=alert]').waitFor();
      // The widget's document only: the test host page is not the app's and has no title or language.
      const violations = await seriousAccessibilityViolations(page);
      expect(violations.filter((violation) => violation.document.endsWith('/frame'))).toEqual([]);
      await page.close();
    });
  }
});
