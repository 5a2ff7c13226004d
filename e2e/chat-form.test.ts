import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AppServer,
  type OpenedPage,
  openAppPage,
  sendChatMessage,
  startAppServer,
  waitForWidgetFrame,
} from './support/app-server.ts';

const replayFile = fileURLToPath(new URL('./fixtures/form-widget.txt', import.meta.url));

describe('a form widget', () => {
  let server: AppServer;
  let opened: OpenedPage;
  const probeRequests: string[] = [];

  beforeAll(async () => {
    server = await startAppServer({ model: { replayFile }, pace: 250 });
    opened = await openAppPage(server.url);
    opened.page.on('request', (request) => {
      if (request.url().includes('exfil-probe')) {
        probeRequests.push(request.url());
      }
    });
  });

  afterAll(async () => {
    await opened?.close();
    await server?.close();
  });

  it('keeps focus and the typed value of an input while later chunks stream in', async () => {
    const { page } = opened;
    await sendChatMessage(page, 'Book me into the workshop');
    const frame = await waitForWidgetFrame(page);
    const input = frame.locator('#attendee');
    await input.waitFor({ timeout: 20_000 });
    await input.pressSequentially('Ada Lovelace', { delay: 20 });
    const notesWhileTyping = await frame.locator('.note').count();
    expect(await page.locator('.db-widget-card__phase').count()).toBe(1);

    await page.locator('.db-widget-card[data-rendered="true"]').waitFor({ timeout: 30_000 });
    expect(await frame.locator('.note').count()).toBe(30);
    expect(notesWhileTyping).toBeLessThan(30);
    const focusFacts = await frame.evaluate(() => ({
      focusedId: document.activeElement?.id,
      value: (document.querySelector('#attendee') as HTMLInputElement).value,
    }));
    expect(focusFacts).toEqual({ focusedId: 'attendee', value: 'Ada Lovelace' });
  });

  it("runs the widget's submit handler and lets nothing leave the frame", async () => {
    const { page } = opened;
    const frame = await waitForWidgetFrame(page);
    await frame.locator('#book').click();
    await expect.poll(() => frame.locator('#result').textContent()).toBe('Booked for Ada Lovelace');
    // A direct form.submit() bypasses the handler; the frame's CSP (form-action 'none') must stop it.
    await frame.evaluate(() => (document.querySelector('#booking') as HTMLFormElement).submit());
    // The frame reporting the refused submission proves the browser decided about it; only then is an empty
    // probe list evidence that nothing left.
    await page.locator('.db-widget-card__error', { hasText: 'form-action' }).waitFor({ timeout: 20_000 });
    expect(probeRequests).toEqual([]);
    expect(frame.url()).toMatch(/\/frame$/);
    expect(await page.locator('.db-widget-card__stopped').count()).toBe(0);
  });
});
