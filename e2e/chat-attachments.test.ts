import { crc32, deflateSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { appPerTest } from './support/app-per-test.ts';
import type { StoreBackedAppServer } from './support/app-server.ts';
import { seriousAccessibilityViolations } from './support/axe-audit.ts';

const shots = '/work/wt/shots/chat-files';

/** A real PNG of `width` × `height`: a diagonal gradient, so its thumbnail is visibly a picture. */
function gradientPng(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const checksum = Buffer.alloc(4);
    checksum.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, checksum]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const rows: number[] = [];
  for (let y = 0; y < height; y += 1) {
    rows.push(0);
    for (let x = 0; x < width; x += 1) rows.push(80 + (x * 150) / width, 90 + (y * 120) / height, 220);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.from(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const citiesCsv = [
  'city,people',
  'Oslo,709000',
  'Bergen,291000',
  'Trondheim,212000',
  'Stavanger,148000',
  'Kristiansand,116000',
].join('\n');

async function pickFiles(page: Page, files: { name: string; mimeType: string; buffer: Buffer }[]) {
  await page.locator('.db-composer input[type="file"]').setInputFiles(files);
}

/** Pastes a file into the message box as a browser does for a copied image (a `paste` with clipboard files). */
async function pasteFile(page: Page, file: { name: string; type: string; bytes: number[] }) {
  await page.locator('#composer-input').evaluate((textarea, { name, type, bytes }) => {
    const transfer = new DataTransfer();
    transfer.items.add(new File([new Uint8Array(bytes)], name, { type }));
    textarea.dispatchEvent(
      new ClipboardEvent('paste', { clipboardData: transfer, bubbles: true, cancelable: true }),
    );
  }, file);
}

/** Drops a file onto the composer as a drag from the desktop would. */
async function dropFile(page: Page, file: { name: string; type: string; text: string }) {
  await page.locator('.db-composer').evaluate((form, { name, type, text }) => {
    const transfer = new DataTransfer();
    transfer.items.add(new File([text], name, { type }));
    for (const kind of ['dragenter', 'dragover', 'drop']) {
      form.dispatchEvent(new DragEvent(kind, { dataTransfer: transfer, bubbles: true, cancelable: true }));
    }
  }, file);
}

async function waitForReadyFiles(page: Page, count: number) {
  const chips = page.locator('[aria-label="Files to send"] li');
  await expect.poll(() => chips.count()).toBe(count);
  await expect.poll(() => page.locator('[aria-label="Files to send"] li[aria-busy="true"]').count()).toBe(0);
}

describe('attachments in the chat', () => {
  const app = appPerTest();
  let server: StoreBackedAppServer | undefined;

  it('sends a picked CSV and a pasted image to the model, shows them, draws a chart from the CSV, and keeps them after a reload', async () => {
    server = await app.startServer();
    const { page, pageErrors } = await app.openPage(server.url);
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.locator('#composer-input').waitFor();

    await pickFiles(page, [{ name: 'cities.csv', mimeType: 'text/csv', buffer: Buffer.from(citiesCsv) }]);
    await pasteFile(page, { name: 'sunset.png', type: 'image/png', bytes: [...gradientPng(320, 200)] });
    await waitForReadyFiles(page, 2);
    await page.locator('#composer-input').fill('Chart the cities, please');
    await page.screenshot({ path: `${shots}/attachments-composer-1440.png` });
    await page.locator('#composer-input').press('Enter');

    const sent = page.locator('.message--user').first();
    await sent.locator('.db-attachments__item').nth(1).waitFor();
    expect(await sent.locator('.db-attachments__name').textContent()).toBe('cities.csv');
    expect(await sent.locator('.db-attachments__meta').textContent()).toMatch(/^CSV · \d+ B$/);
    // The pasted picture shows as a thumbnail from our own server, loaded under the page's CSP.
    const thumbnail = sent.locator('img.db-attachments__image');
    await expect.poll(() => thumbnail.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(320);

    const reply = page.locator('.db-message--assistant').first();
    await page.locator('.db-widget-card[data-rendered="true"]').waitFor({ timeout: 30_000 });
    const replyText = await reply.textContent();
    expect(replyText).toContain(
      'cities.csv is a CSV table with 5 rows of data (not counting its header) in 2 columns',
    );
    expect(replyText).toContain('sunset.png is a PNG image of 320 × 200 pixels');
    const frame = page.frameLocator('iframe.db-widget-frame').first();
    expect(await frame.locator('.csv li').count()).toBe(5);
    expect(await frame.locator('#csv-title').textContent()).toBe('people by city');
    await page.getByRole('button', { name: 'Send message' }).waitFor();
    await page.screenshot({ path: `${shots}/attachments-transcript-1440.png` });
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    await page.reload();
    const restored = page.locator('.message--user').first();
    await restored.locator('.db-attachments__item').nth(1).waitFor();
    expect(await restored.locator('.db-attachments__name').textContent()).toBe('cities.csv');

    // A stored file comes back only as a download of the type the server decided, inert.
    const href = (await restored.locator('.db-attachments__link').first().getAttribute('href')) ?? '';
    const file = await page.request.get(new URL(href, server.url).href);
    expect(file.status()).toBe(200);
    expect(file.headers()['content-type']).toBe('text/csv; charset=utf-8');
    expect(file.headers()['content-disposition']).toBe('attachment; filename="cities.csv"');
    expect(file.headers()['x-content-type-options']).toBe('nosniff');
    expect(file.headers()['content-security-policy']).toContain('sandbox');
    expect(pageErrors).toEqual([]);

    // Deleting the chat deletes its files.
    await page
      .getByRole('button', { name: /Actions for chat/ })
      .first()
      .click({ force: true });
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    await expect
      .poll(async () => (await page.request.get(new URL(href, server!.url).href)).status(), {
        timeout: 15_000,
      })
      .toBe(404);
  });

  it('takes a dropped file on a phone, and says why a file it refuses was refused', async () => {
    server = await app.startServer();
    const { page } = await app.openPage(server.url);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.locator('#composer-input').waitFor();

    await dropFile(page, {
      name: 'notes.md',
      type: 'text/markdown',
      text: '# Trip\n\nPack light.\nBook the ferry.',
    });
    await pickFiles(page, [
      {
        name: 'setup.exe',
        mimeType: 'application/octet-stream',
        buffer: Buffer.from([0x4d, 0x5a, 0x90, 0, 0xff, 0xfe]),
      },
      { name: 'huge.txt', mimeType: 'text/plain', buffer: Buffer.alloc(10 * 1024 * 1024 + 1, 0x61) },
    ]);
    await waitForReadyFiles(page, 3);
    const alerts = page.locator('[aria-label="Files to send"] [role="alert"]');
    await expect
      .poll(() => alerts.allTextContents())
      .toEqual([
        '"setup.exe" is not a file type this server takes: send an image (PNG, JPEG, GIF, WebP), a PDF or a UTF-8 text file.',
        'Files are limited to 10.0 MB.',
      ]);
    await page.screenshot({ path: `${shots}/attachments-refused-390.png` });

    // The refused files stay behind with their reasons until removed; the message goes with the one that uploaded.
    await page.getByRole('button', { name: 'Remove setup.exe' }).click();
    await page.getByRole('button', { name: 'Remove huge.txt' }).click();
    await page.getByRole('button', { name: 'Send message' }).click();
    const reply = page.locator('.db-message--assistant').first();
    await expect.poll(() => reply.textContent()).toContain('notes.md is a text file of 4 lines and 7 words.');
    expect(await page.locator('.message--user .db-attachments__name').textContent()).toBe('notes.md');
    await page.getByRole('button', { name: 'Send message' }).waitFor();
    await page.screenshot({ path: `${shots}/attachments-transcript-390.png` });
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
  });

  it('keeps an SVG as a file card of plain text, never drawn as an image', async () => {
    server = await app.startServer();
    const { page } = await app.openPage(server.url);
    await page.locator('#composer-input').waitFor();
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg" onload="parent.postMessage(1,\'*\')"><circle r="9"/></svg>';
    await pickFiles(page, [{ name: 'logo.svg', mimeType: 'image/svg+xml', buffer: Buffer.from(svg) }]);
    await waitForReadyFiles(page, 1);
    await page.locator('#composer-input').fill('What is in this file?');
    await page.locator('#composer-input').press('Enter');
    const sent = page.locator('.message--user').first();
    await sent.locator('.db-attachments__item').waitFor();
    expect(await sent.locator('img').count()).toBe(0);
    expect(await sent.locator('.db-attachments__meta').textContent()).toMatch(/^Text · /);
    const href = (await sent.locator('.db-attachments__link').getAttribute('href')) ?? '';
    const file = await page.request.get(new URL(href, server.url).href);
    expect(file.headers()['content-type']).toBe('text/plain; charset=utf-8');
  });
});
