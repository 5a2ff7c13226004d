import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppServer, startAppServer } from './support/app-server.ts';
import { launchBrowser } from './support/browser.ts';

/**
 * A page on another origin embeds our `/frame` WITHOUT a sandbox attribute and posts it a script that would
 * create a thread through our API. Without the frame's own CSP `sandbox` and `frame-ancestors`, that
 * document runs as our origin and obeys its parent.
 */
function attackerPage(appUrl: string): string {
  const payload = JSON.stringify({
    drawbridge: 1,
    op: 'js',
    text: "fetch('/api/threads',{method:'POST',headers:{'Content-Type':'application/json'},body:'{\"title\":\"pwned\"}'})",
  });
  return `<!doctype html><meta charset="utf-8"><title>attacker</title>
<iframe id="victim" src="${appUrl}/frame"></iframe>
<script>
window.heard = [];
window.loads = 0;
addEventListener('message', (event) => heard.push(event.data));
const victim = document.getElementById('victim');
window.attack = () => victim.contentWindow.postMessage(${payload}, '*');
victim.addEventListener('load', () => { loads += 1; window.attack(); });
</script>`;
}

let app: AppServer;
let attacker: Server;
let attackerUrl: string;
let browser: Browser;

beforeAll(async () => {
  app = await startAppServer();
  attacker = createServer((_request, response) => {
    response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    response.end(attackerPage(app.url));
  });
  await new Promise<void>((resolve) => attacker.listen(0, '127.0.0.1', resolve));
  attackerUrl = `http://127.0.0.1:${(attacker.address() as AddressInfo).port}/`;
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await new Promise<void>((resolve) => attacker.close(() => resolve()));
  await app?.close();
});

describe('the frame document embedded by another origin', () => {
  it('does not load, does not answer, and runs nothing as our origin', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(attackerUrl);
    // The iframe's load fires for the error page that replaces a refused document, too.
    await page.waitForFunction(() => (window as unknown as { loads: number }).loads >= 1);
    const victim = page.frames().find((frame) => frame !== page.mainFrame());
    expect(victim?.url()).not.toContain('/frame');
    // Post the script a few more times; a live runtime would answer `ready` and run it.
    for (let attempt = 0; attempt < 3; attempt += 1) {
      await page.evaluate(() => (window as unknown as { attack?: () => void }).attack?.());
    }
    expect(await page.evaluate(() => (window as unknown as { heard: unknown[] }).heard)).toEqual([]);
    const threads = (await (await fetch(`${app.url}/api/threads`)).json()) as {
      threads: { title: string }[];
    };
    expect(threads.threads.map((thread) => thread.title)).not.toContain('pwned');
    await context.close();
  });

  it('still loads inside our own page, where the widget runs', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${app.url}/`);
    await page.locator('#composer-input').fill('a calculator');
    await page.locator('#composer-input').press('Enter');
    const handle = await page.locator('iframe.db-widget-frame').first().elementHandle({ timeout: 30_000 });
    const frame = await handle?.contentFrame();
    expect(frame?.url()).toContain('/frame');
    await page.locator('.db-widget-card').first().waitFor();
    await frame?.locator('button').first().waitFor({ timeout: 30_000 });
    await context.close();
  });
});
