import { fileURLToPath } from 'node:url';
import {
  type Browser,
  type BrowserContext,
  type CDPSession,
  chromium,
  type Frame,
  type Page,
} from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppServer, sendChatMessage } from './support/app-server.ts';
import { chromiumArgs } from './support/browser.ts';
import { type CanaryServers, startCanaryServers } from './support/canary-servers.ts';
import { fixturePrompt, startFixtureReplayServer } from './support/fixture-replay-server.ts';
import { type HostileWidget, hostileGroups } from './support/hostile-catalogue.ts';

const fixtureDirectory = fileURLToPath(new URL('./fixtures/hostile/', import.meta.url));

/** Files a widget frame may fetch from the app; any other response a widget frame receives is an escape. */
const allowedFramePaths = [/^\/frame$/, /^\/frame\/runtime\.js$/, /^\/vendor\/three\//];

interface PageRecord {
  page: Page;
  context: BrowserContext;
  dialogs: string[];
  /** Responses delivered to widget frames for anything but the frame's own files. */
  frameResponses: string[];
  /** Requests to the canaries' origin the browser has started and not yet finished or failed. */
  canaryRequestsInFlight: Set<unknown>;
  /**
   * A raw DevTools session on the host page. Playwright marks the whole page as crashed when an
   * out-of-process widget frame dies (the greedy widget), although the host page lives on; this
   * session keeps asking the host page itself.
   */
  host: CDPSession;
}

/** Records telemetry bodies in the host page, so the test sees them whether or not the server stores them. */
function recordWidgetEvents(): void {
  if (window.top !== window) return;
  const sent: unknown[] = [];
  Object.assign(window, { widgetEventsSent: sent });
  const originalFetch = window.fetch.bind(window);
  window.fetch = (input, init) => {
    if (String(input).endsWith('/api/telemetry/widget-events') && typeof init?.body === 'string') {
      sent.push(JSON.parse(init.body));
    }
    return originalFetch(input, init);
  };
}

async function openRecordedPage(browser: Browser, url: string, canaryOrigin: string): Promise<PageRecord> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await page.addInitScript(recordWidgetEvents);
  const host = await context.newCDPSession(page);
  const record: PageRecord = {
    page,
    context,
    dialogs: [],
    frameResponses: [],
    canaryRequestsInFlight: new Set(),
    host,
  };
  context.on('request', (request) => {
    if (request.url().startsWith(canaryOrigin)) record.canaryRequestsInFlight.add(request);
  });
  context.on('requestfinished', (request) => record.canaryRequestsInFlight.delete(request));
  context.on('requestfailed', (request) => record.canaryRequestsInFlight.delete(request));
  page.on('dialog', (dialog) => {
    record.dialogs.push(dialog.message());
    dialog.dismiss().catch(() => undefined);
  });
  context.on('response', (response) => {
    if (response.frame() === page.mainFrame()) return;
    const path = new URL(response.url()).pathname;
    if (!allowedFramePaths.some((allowed) => allowed.test(path))) record.frameResponses.push(response.url());
  });
  await page.goto(url);
  return record;
}

/**
 * Evaluates an expression in the host page through the raw session; returns its value and the round trip.
 * A promise is awaited, so an expression can wait for the host page's next animation frame.
 */
async function evaluateInHost<Value>(
  host: CDPSession,
  expression: string,
): Promise<{ value: Value; ms: number }> {
  const started = performance.now();
  const { result } = await host.send('Runtime.evaluate', {
    expression,
    returnByValue: true,
    awaitPromise: true,
  });
  return { value: result.value as Value, ms: performance.now() - started };
}

async function telemetryKinds(host: CDPSession, widgetId: string): Promise<string[]> {
  const { value } = await evaluateInHost<Array<{ kind: string; widgetId: string }>>(
    host,
    'window.widgetEventsSent ?? []',
  );
  return value.filter((event) => event.widgetId === widgetId).map((event) => event.kind);
}

async function sendWidgets(page: Page, widgets: readonly HostileWidget[]): Promise<void> {
  for (const [index, widget] of widgets.entries()) {
    await sendChatMessage(page, fixturePrompt(widget.name));
    await expect.poll(() => page.locator('.db-widget-card').count(), { timeout: 20_000 }).toBe(index + 1);
    await page.locator('.db-run-status__running').waitFor({ state: 'detached', timeout: 20_000 });
  }
}

async function widgetFrame(page: Page, index: number): Promise<Frame> {
  const handle = await page.locator('.db-widget-card').nth(index).locator('iframe').elementHandle();
  const frame = await handle?.contentFrame();
  if (!frame) throw new Error(`Widget ${index} has no frame.`);
  return frame;
}

async function readVerdict(page: Page, index: number): Promise<string> {
  const frame = await widgetFrame(page, index);
  const verdict = frame.locator('#verdict[data-done="yes"]');
  await verdict.waitFor({ state: 'attached', timeout: 15_000 });
  return (await verdict.textContent()) ?? '';
}

describe('the hostile-widget battery', () => {
  let canaries: CanaryServers;
  let server: AppServer;
  let browser: Browser;
  const verdicts = new Map<string, string>();

  beforeAll(async () => {
    canaries = await startCanaryServers();
    server = await startFixtureReplayServer({
      directory: fixtureDirectory,
      values: { CANARY_ORIGIN: canaries.httpOrigin, CANARY_UDP_PORT: String(canaries.udpPort) },
    });
    // A small V8 heap makes the greedy widget's renderer die in a second instead of after gigabytes.
    browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [...chromiumArgs, '--js-flags=--max-old-space-size=256'],
    });
  });

  afterAll(async () => {
    console.table([...verdicts].map(([name, verdict]) => ({ name, verdict })));
    await browser?.close();
    await server?.close();
    await canaries?.close();
  });

  async function checkWidget(record: PageRecord, widget: HostileWidget, index: number): Promise<void> {
    const { page, host } = record;
    const card = page.locator('.db-widget-card').nth(index);
    const widgetId = (await card.getAttribute('data-widget-id')) ?? '';
    switch (widget.outcome) {
      case 'blocked':
      case 'silent': {
        const verdict = await readVerdict(page, index);
        verdicts.set(widget.name, verdict);
        if (widget.outcome === 'blocked') expect(verdict, widget.name).toMatch(/^blocked/);
        return;
      }
      case 'works': {
        const frame = await widgetFrame(page, index);
        const verdict = await readVerdict(page, index);
        verdicts.set(widget.name, verdict);
        expect(verdict).toBe('ready: canvas pixel 59,108,246,255');
        // The composer floats over the bottom of the transcript; bring the card clear of it first.
        await card.evaluate((element) => element.scrollIntoView({ block: 'center' }));
        await frame.locator('#name').fill('Ada');
        await frame.locator('#name').press('Enter');
        await expect.poll(() => frame.locator('#greeting').textContent()).toBe('Hello, Ada');
        await frame.locator('#count').click();
        await frame.locator('#count').click();
        await expect.poll(() => frame.locator('#clicks').textContent()).toBe('2');
        return;
      }
      case 'torn-down': {
        await card.locator('.db-widget-card__stopped').waitFor({ timeout: 10_000 });
        expect(await card.locator('iframe').count()).toBe(0);
        await expect.poll(() => telemetryKinds(host, widgetId)).toContain('navigation_blocked');
        verdicts.set(widget.name, 'torn down and flagged');
        return;
      }
      case 'unresponsive': {
        // Until the card appears, keep timing the host page: it must answer at once throughout. Between
        // probes the test waits for the host's next animation frame (untimed), which also shows it renders.
        const cardState = `(() => { const card = document.querySelectorAll('.db-widget-card')[${index}];
          return { unresponsive: card.querySelector('.db-widget-card__unresponsive') !== null,
            frames: card.querySelectorAll('iframe').length,
            reload: [...card.querySelectorAll('button')].some((button) => /reload widget/i.test(button.textContent)) }; })()`;
        const nextHostFrame = 'new Promise((resolve) => requestAnimationFrame(() => resolve(true)))';
        const roundTrips: number[] = [];
        const deadline = Date.now() + 20_000;
        let state = { unresponsive: false, frames: 1, reload: false };
        while (!state.unresponsive && Date.now() < deadline) {
          const probe = await evaluateInHost<typeof state>(host, cardState);
          state = probe.value;
          roundTrips.push(probe.ms);
          await evaluateInHost<boolean>(host, nextHostFrame);
        }
        expect(state).toEqual({ unresponsive: true, frames: 0, reload: true });
        await expect.poll(() => telemetryKinds(host, widgetId)).toContain('unresponsive');
        const slowest = Math.max(...roundTrips);
        verdicts.set(
          widget.name,
          `replaced by an error card after ${roundTrips.length} probes; slowest host round trip ${slowest.toFixed(0)} ms`,
        );
        expect(roundTrips.length).toBeGreaterThan(4);
        expect(slowest).toBeLessThan(1000);
        return;
      }
    }
  }

  for (const group of hostileGroups) {
    it(`contains widgets that attack ${group.title}`, { timeout: 90_000 }, async () => {
      const record = await openRecordedPage(browser, server.url, canaries.httpOrigin);
      try {
        const hostLocation = new URL(record.page.url());
        await sendWidgets(record.page, group.widgets);
        for (const [index, widget] of group.widgets.entries()) await checkWidget(record, widget, index);

        // Every widget has made its attempts (its verdict is in); before the canaries are asked, every request
        // the browser started towards them has ended and the canaries have heard a request sent after them.
        await expect.poll(() => record.canaryRequestsInFlight.size, { timeout: 20_000 }).toBe(0);
        await canaries.settle();
        // The host page's own `frame-src 'self'` stops a frame from navigating to another origin, so even
        // the widgets that navigate away reach no canary.
        for (const widget of group.widgets) expect(canaries.hitsFor(widget.name), widget.name).toEqual([]);
        expect(canaries.hits()).toEqual([]);
        expect(record.frameResponses, 'responses delivered to widget frames').toEqual([]);
        expect(record.dialogs).toEqual([]);
        const { value: location, ms } = await evaluateInHost<string>(
          record.host,
          'location.origin + location.pathname',
        );
        expect(location).toBe(hostLocation.origin + hostLocation.pathname);
        expect(ms).toBeLessThan(1000);
      } finally {
        await record.context.close();
      }
    });
  }
});
