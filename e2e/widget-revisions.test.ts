import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AppServer,
  clickWhenSettled,
  type OpenedPage,
  openAppPage,
  type StoreBackedAppServer,
  sendChatMessage,
  startAppServer,
} from './support/app-server.ts';

const latestCard = '.db-widget-card[data-latest="true"]';

describe('editing a widget makes revisions of it', () => {
  let server: AppServer;
  let opened: OpenedPage;

  beforeAll(async () => {
    server = await startAppServer({ model: 'demo' });
    opened = await openAppPage(server.url);
  });

  afterAll(async () => {
    await opened?.close();
    await server?.close();
  });

  /** The frame of the live card once the revision with this id has rendered in it. */
  async function renderedRevision(widgetId: string) {
    const { page } = opened;
    const card = page.locator(`${latestCard}[data-widget-id="${widgetId}"][data-rendered="true"]`);
    await card.waitFor({ timeout: 30_000 });
    const frame = await card
      .locator('iframe.db-widget-frame')
      .elementHandle()
      .then((handle) => handle?.contentFrame());
    if (!frame) throw new Error('The live card has no frame.');
    return frame;
  }

  async function tallyBackground(widgetId: string): Promise<string> {
    const frame = await renderedRevision(widgetId);
    return frame.evaluate(() => getComputedStyle(document.querySelector('.tally')!).backgroundColor);
  }

  it('edits the counter into revision 2 of the same widget, switches back, shows the changes and keeps both', async () => {
    const { page } = opened;
    await sendChatMessage(page, 'Show me a tally counter');
    const first = page.locator(`${latestCard}[data-rendered="true"]`);
    await first.waitFor({ timeout: 30_000 });
    const firstId = (await first.getAttribute('data-widget-id'))!;
    const lightBackground = await tallyBackground(firstId);
    // State the first revision's script left in its frame's globals.
    await (await renderedRevision(firstId)).evaluate(() => {
      (window as { leftByRevisionOne?: number }).leftByRevisionOne = 1;
    });

    await sendChatMessage(page, 'make it dark');
    const position = page.locator(`${latestCard} .db-widget-revisions__position`);
    await expect.poll(() => position.textContent(), { timeout: 30_000 }).toBe('Revision 2 / 2');
    const secondId = (await page.locator(latestCard).getAttribute('data-widget-id'))!;
    expect(secondId).not.toBe(firstId);
    expect(await tallyBackground(secondId)).toBe('rgb(28, 32, 41)');
    // An edit of the styles only applies to the running widget: the same document, with what revision 1's
    // script left in it (docs/web.md, Revisions).
    expect(
      await (await renderedRevision(secondId)).evaluate(
        () => (window as { leftByRevisionOne?: number }).leftByRevisionOne,
      ),
    ).toBe(1);
    // One live card per widget: the first reply now holds a notice, not a second frame.
    expect(await page.locator('iframe.db-widget-frame').count()).toBe(1);
    await expect
      .poll(() => page.locator('.db-widget-card--superseded').textContent())
      .toContain('revision 2 is the latest');

    await clickWhenSettled(page.getByRole('button', { name: 'Previous revision' }));
    expect(await tallyBackground(firstId)).toBe(lightBackground);
    await expect.poll(() => position.textContent()).toBe('Revision 1 / 2');

    await clickWhenSettled(page.getByRole('button', { name: 'Next revision' }));
    await renderedRevision(secondId);
    await clickWhenSettled(page.getByRole('button', { name: 'Changes' }));
    const dialog = page.locator('dialog.db-source-dialog[open]');
    await dialog.waitFor();
    expect(await dialog.locator('h2').textContent()).toBe('Changes from revision 1 to revision 2');
    expect(await dialog.getByRole('tab', { name: /HTML/ }).textContent()).toContain('unchanged');
    expect(await dialog.getByRole('tab', { name: /CSS/ }).getAttribute('aria-selected')).toBe('true');
    expect(await dialog.locator('.db-widget-diff__line--added').count()).toBeGreaterThan(3);
    await dialog.getByRole('button', { name: 'Close changes' }).click();
    await dialog.waitFor({ state: 'detached' });

    await page.reload();
    await expect.poll(() => position.textContent(), { timeout: 30_000 }).toBe('Revision 2 / 2');
    expect(await tallyBackground(secondId)).toBe('rgb(28, 32, 41)');
    await clickWhenSettled(page.getByRole('button', { name: 'Previous revision' }));
    expect(await tallyBackground(firstId)).toBe(lightBackground);
    await clickWhenSettled(page.getByRole('button', { name: 'Next revision' }));
    await renderedRevision(secondId);
  });

  it('applies search/replace hunks as revision 3, with working behaviour and a download of each revision', async () => {
    const { page } = opened;
    await sendChatMessage(page, 'add a reset button');
    const position = page.locator(`${latestCard} .db-widget-revisions__position`);
    await expect.poll(() => position.textContent(), { timeout: 30_000 }).toBe('Revision 3 / 3');
    const thirdId = (await page.locator(latestCard).getAttribute('data-widget-id'))!;
    const frame = await renderedRevision(thirdId);
    await frame.click('#add');
    await frame.click('#add');
    expect(await frame.textContent('#count')).toBe('2');
    await frame.click('#reset');
    expect(await frame.textContent('#count')).toBe('0');
    // Revision 3 kept revision 2's dark styles: the hunks touched only the markup and the script.
    expect(
      await frame.evaluate(() => getComputedStyle(document.querySelector('.tally')!).backgroundColor),
    ).toBe('rgb(28, 32, 41)');

    const download = page.locator(`${latestCard} a`, { hasText: 'Download HTML' });
    expect(await download.getAttribute('href')).toContain(`/widgets/${thirdId}.html`);
    const exported = await page.evaluate(
      async (url) => (await fetch(url)).text(),
      (await download.getAttribute('href'))!,
    );
    expect(exported).toContain('show(0)');
    await clickWhenSettled(page.getByRole('button', { name: 'Previous revision' }));
    await expect.poll(() => position.textContent()).toBe('Revision 2 / 3');
    const secondHref = await download.getAttribute('href');
    expect(secondHref).not.toContain(thirdId);
    const exportedSecond = await page.evaluate(async (url) => (await fetch(url)).text(), secondHref!);
    expect(exportedSecond).not.toContain('show(0)');
    expect(opened.pageErrors).toEqual([]);
  });

  it('shows a broken widget\'s error and repairs it with "Fix it" into a revision that runs cleanly', async () => {
    const { page } = opened;
    await page.getByRole('button', { name: 'New chat' }).click();
    await sendChatMessage(page, 'Roll some dice');
    const error = page.locator(`${latestCard} .db-widget-card__error`);
    await expect
      .poll(() => error.textContent(), { timeout: 30_000 })
      .toMatch(/TypeError.*prepend.*\(line \d+\)/);
    // Without DRAWBRIDGE_AUTO_REPAIR the card waits for the person: nothing was sent, "Fix it" is still offered.
    const fix = page.getByRole('button', { name: 'Fix it' });
    expect(await fix.isEnabled()).toBe(true);
    expect(await page.locator('.message--user').count()).toBe(1);
    await clickWhenSettled(fix);
    const position = page.locator(`${latestCard} .db-widget-revisions__position`);
    await expect.poll(() => position.textContent(), { timeout: 30_000 }).toBe('Revision 2 / 2');
    const repairedId = (await page.locator(latestCard).getAttribute('data-widget-id'))!;
    const frame = await renderedRevision(repairedId);
    // The first roll, which threw before, now writes its line: the repaired script ran past it.
    await frame.locator('#history li').first().waitFor();
    expect(await page.locator(`${latestCard} .db-widget-card__error`).count()).toBe(0);
    // The transcript shows the request by what it asks; the message itself, which the model read, is whole.
    const request = page.locator('.message--user').last();
    expect(await request.locator('.message__repair-label').textContent()).toBe('Fix widget (revision 1)');
    expect(await request.locator('.message__repair-details pre').textContent()).toContain('JS around line');
    // The console saw the broken revision's own error once, and nothing else went wrong on the page.
    expect(opened.pageErrors.filter((message) => !message.includes("reading 'prepend'"))).toEqual([]);
  });
});

describe('with DRAWBRIDGE_AUTO_REPAIR=1 a broken widget repairs itself once', () => {
  let server: StoreBackedAppServer;
  let opened: OpenedPage;

  beforeAll(async () => {
    server = await startAppServer({ model: 'demo', autoRepair: true });
    opened = await openAppPage(server.url);
  });

  afterAll(async () => {
    await opened?.close();
    await server?.close();
  });

  it('sends one repair request by itself and renders the repaired revision', async () => {
    const { page } = opened;
    await sendChatMessage(page, 'Roll some dice');
    const position = page.locator(`${latestCard} .db-widget-revisions__position`);
    await expect.poll(() => position.textContent(), { timeout: 30_000 }).toBe('Revision 2 / 2');
    const repairedId = (await page.locator(latestCard).getAttribute('data-widget-id'))!;
    const card = page.locator(`${latestCard}[data-widget-id="${repairedId}"][data-rendered="true"]`);
    await card.waitFor({ timeout: 30_000 });
    const frame = await card
      .locator('iframe.db-widget-frame')
      .elementHandle()
      .then((handle) => handle?.contentFrame());
    await frame!.locator('#history li').first().waitFor();
    // Both runs (the broken widget and its one repair) are over: nothing else is on its way.
    await expect
      .poll(async () => (await server.listRuns()).map((run) => run.status), { timeout: 30_000 })
      .toEqual(['finished', 'finished']);
    const requests = page.locator('.message--user');
    expect(await requests.count()).toBe(2);
    expect(await requests.nth(1).locator('.message__repair-label').textContent()).toBe(
      'Fix widget (revision 1)',
    );
    expect(await requests.nth(1).locator('.message__repair-details pre').textContent()).toMatch(
      /^Fix widget \S+ \(revision 1\)/,
    );
    expect(await page.locator(`${latestCard} .db-widget-card__error`).count()).toBe(0);

    // A reload replays the transcript, which already names the request: it is not sent again.
    await page.reload();
    await expect.poll(() => position.textContent(), { timeout: 30_000 }).toBe('Revision 2 / 2');
    await page.locator(`${latestCard}[data-rendered="true"]`).waitFor({ timeout: 30_000 });
    expect(await page.locator('.message--user').count()).toBe(2);
    expect((await server.listRuns()).length).toBe(2);
  });
});
