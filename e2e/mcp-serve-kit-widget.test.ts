import { readFile } from 'node:fs/promises';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import type { FrameLocator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { parseWidgetReply } from '../packages/protocol/src/index.ts';
import { demoCatalogue } from '../packages/server/src/models/demo/demo-catalogue.ts';
import { type AppBridgeTestHost, startAppBridgeTestHost } from './support/app-bridge-test-host.ts';
import { type OpenedPage, openAppPage } from './support/app-server.ts';
import { drawbridgeMcpServer } from './support/mcp-app-server.ts';

interface TestHostWindow {
  startView(html: string): void;
  testHost: {
    ready: Promise<unknown>;
    logs: Array<{ level: string; data: unknown }>;
    sendToolInputPartial(args: Record<string, unknown>): Promise<void>;
    sendToolInput(args: Record<string, unknown>): Promise<void>;
  };
}

interface ShowWidgetArguments {
  title: string;
  height: number;
  css: string;
  html: string;
  js: string;
}

/** A demo catalogue widget as the `show_widget` arguments a model would send: its reply's parts, as written. */
async function demoWidget(id: string): Promise<ShowWidgetArguments> {
  const entry = demoCatalogue.find((candidate) => candidate.id === id);
  if (entry === undefined) throw new Error(`The demo catalogue has no ${id}.`);
  const chunks = parseWidgetReply(await readFile(entry.file, 'utf8'));
  const part = (type: string) =>
    chunks
      .filter((chunk) => chunk.type === type)
      .map((chunk) => chunk.delta)
      .join('');
  return {
    title: entry.title,
    height: Number(part('height')),
    css: part('css'),
    html: part('html'),
    js: part('js'),
  };
}

/**
 * The demo catalogue is written on the kit (`import … from 'kit'`, `class="kit"`); a host of `show_widget` gives
 * the view nothing of ours to load it from, so the view carries it: these draw the demo's own kit widgets through
 * the SDK's AppBridge under the MCP Apps default policy and use them.
 */
describe("kit widgets in the show_widget view, on the SDK's AppBridge (drawbridge mcp over stdio)", () => {
  let host: AppBridgeTestHost;
  let client: Client;
  let viewHtml: string;
  let opened: OpenedPage | undefined;

  beforeAll(async () => {
    host = await startAppBridgeTestHost();
    client = new Client({ name: 'drawbridge-e2e', version: '1.0.0' });
    await client.connect(
      new StdioClientTransport({ command: drawbridgeMcpServer.command, args: drawbridgeMcpServer.args }),
    );
    const { contents } = await client.readResource({ uri: 'ui://drawbridge/widget.html' });
    const first = contents[0];
    if (first === undefined || !('text' in first)) throw new Error('The widget view has no text.');
    viewHtml = first.text;
  });

  afterEach(async () => {
    await opened?.close();
    opened = undefined;
  });

  afterAll(async () => {
    await client?.close();
    await host?.close();
  });

  /** Streams the widget into a fresh view as a host would (CSS, then the markup in two pieces), then completes the call. */
  async function showWidget(widget: ShowWidgetArguments): Promise<{ page: Page; view: FrameLocator }> {
    opened = await openAppPage(host.url);
    const { page } = opened;
    await page.waitForFunction(() => 'startView' in window);
    await page.evaluate((html) => (window as unknown as TestHostWindow).startView(html), viewHtml);
    await page.evaluate(() => (window as unknown as TestHostWindow).testHost.ready);
    const { title, height, css, html } = widget;
    const partials = [
      { title, height, css },
      { title, height, css, html: html.slice(0, html.length / 2) },
      { title, height, css, html },
    ];
    for (const partial of partials)
      await page.evaluate(
        (input) => (window as unknown as TestHostWindow).testHost.sendToolInputPartial(input),
        partial,
      );
    await page.evaluate((input) => (window as unknown as TestHostWindow).testHost.sendToolInput(input), {
      ...widget,
    });
    const view = page.frameLocator('#view');
    await view.locator('html[data-widget-state="rendered"]').waitFor();
    return { page, view };
  }

  async function expectNoErrors(page: Page): Promise<void> {
    expect(await page.evaluate(() => (window as unknown as TestHostWindow).testHost.logs)).toEqual([]);
    expect(opened?.pageErrors).toEqual([]);
  }

  it('draws the demo counter on the kit and counts when clicked', async () => {
    const widget = await demoWidget('counter');
    expect(widget.js).toContain("from 'kit'");
    const { page, view } = await showWidget(widget);
    // The kit's stylesheet styles it: a card with the theme's surface, a primary button.
    const card = view.locator('section.kit.card');
    expect(await card.evaluate((element) => getComputedStyle(element).paddingTop)).toBe('16px');
    const count = view.locator('#count');
    expect(await count.textContent()).toBe('0');
    await view.getByRole('button', { name: 'Count' }).click();
    await expect.poll(() => count.textContent()).toBe('1');
    await view.getByRole('button', { name: '+5' }).click();
    expect(await view.getByRole('button', { name: '+5' }).getAttribute('aria-pressed')).toBe('true');
    await view.getByRole('button', { name: 'Count' }).click();
    await expect.poll(() => count.textContent()).toBe('6');
    // The kit's `fail` never ran: no alert in the widget.
    expect(await view.locator('[role=alert]').count()).toBe(0);
    // A widget that never calls the kit's stage never runs the document's copy of three.js.
    expect(await view.locator('html').evaluate(() => '__drawbridgeThree' in globalThis)).toBe(false);
    await expectNoErrors(page);
  });

  it("draws the demo orrery on the kit's stage: three.js runs from the document's own copy and the planets move", async () => {
    const widget = await demoWidget('solar-system');
    expect(widget.js).toContain("import { fail, stage } from 'kit'");
    expect(widget.js).not.toContain("from 'three");
    const { page, view } = await showWidget(widget);
    expect(await view.locator('html').evaluate(() => '__drawbridgeThree' in globalThis)).toBe(true);
    expect(await view.locator('canvas.stage').evaluate((canvas) => (canvas as HTMLCanvasElement).width)).toBe(
      await view
        .locator('canvas.stage')
        .evaluate((canvas) => Math.round(canvas.clientWidth * Math.min(devicePixelRatio, 2))),
    );
    const day = view.locator('#day');
    await expect.poll(async () => Number((await day.textContent())?.replace(/\D/g, ''))).toBeGreaterThan(0);
    await view.getByRole('button', { name: 'Pause' }).click();
    expect(await view.getByRole('button', { name: 'Pause' }).getAttribute('aria-pressed')).toBe('true');
    expect(await view.locator('[role=alert]').count()).toBe(0);
    await expectNoErrors(page);
  });

  it("draws the demo revenue chart with the kit's chart: series, legend, data table and keyboard readout", async () => {
    const widget = await demoWidget('revenue-chart');
    expect(widget.js).toContain("import { chart, fail } from 'kit'");
    const { page, view } = await showWidget(widget);
    const chart = view.locator('#chart');
    // chartist draws on the task after the script's own.
    await chart.locator('svg .ct-area').first().waitFor({ state: 'attached' });
    expect(await chart.locator('svg .ct-line').count()).toBe(2);
    expect(await chart.locator('.legend li').allTextContents()).toEqual(['This year', 'Last year']);
    expect(await chart.locator('table caption').textContent()).toBe(
      'Monthly revenue, this year and last year',
    );
    expect(await view.locator('#total').textContent()).toBe('$2.96M');
    await chart.focus();
    await chart.press('End');
    await expect
      .poll(() => chart.locator('[aria-live]').textContent())
      .toBe('Dec: This year $338k · Last year $243k');
    expect(await chart.locator('.tip').isVisible()).toBe(true);
    await expectNoErrors(page);
    await page.screenshot({ path: '/tmp/drawbridge-mcp-serve-kit-widget.png' });
  });

  it("draws the demo elements table with the kit's table: sorted by a heading from the keyboard, filtered", async () => {
    const widget = await demoWidget('elements-table');
    expect(widget.js).toContain("import { fail, h, table } from 'kit'");
    const { page, view } = await showWidget(widget);
    const names = () => view.locator('tbody td:nth-child(2)').allTextContents();
    expect(await view.locator('tbody tr').count()).toBe(18);
    const mass = view.getByRole('columnheader', { name: /Mass/ });
    await mass.getByRole('button').press('Enter');
    await mass.getByRole('button').press('Enter');
    expect(await mass.getAttribute('aria-sort')).toBe('descending');
    expect((await names())[0]).toContain('Argon');
    await view.getByRole('searchbox').fill('halogen');
    expect((await names()).map((name) => name.trim())).toEqual(['Cl Chlorine', 'F Fluorine']);
    await expectNoErrors(page);
  });
});
