import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type AppBridgeTestHost, startAppBridgeTestHost } from './support/app-bridge-test-host.ts';
import { type OpenedPage, openAppPage } from './support/app-server.ts';
import { drawbridgeMcpServer } from './support/mcp-app-server.ts';

interface TestHostWindow {
  startView(html: string): void;
  testHost: {
    ready: Promise<{ name: string; version: string } | undefined>;
    messages: string[];
    refuseMessages: number;
    logs: Array<{ level: string; data: unknown }>;
    sizes: Array<{ width?: number; height?: number }>;
    sendToolInputPartial(args: Record<string, unknown>): Promise<void>;
    sendToolInput(args: Record<string, unknown>): Promise<void>;
  };
}

/** Marks left on the view's own window between steps, to tell the same node from a rebuilt one. */
interface MarkedWindow {
  firstCanvas?: Element;
}

describe("Drawbridge's views driven by the SDK's AppBridge host (drawbridge mcp over stdio)", () => {
  let host: AppBridgeTestHost;
  let client: Client;
  let opened: OpenedPage | undefined;

  async function viewHtml(uri: string): Promise<string> {
    const { contents } = await client.readResource({ uri });
    const first = contents[0];
    if (first === undefined || !('text' in first)) throw new Error(`${uri} has no text`);
    return first.text;
  }

  /** A fresh page on the test host with the view started and its App client's handshake done. */
  async function startView(uri: string): Promise<{ page: Page; appVersion: unknown }> {
    const html = await viewHtml(uri);
    opened = await openAppPage(host.url);
    const { page } = opened;
    await page.waitForFunction(() => 'startView' in window);
    await page.evaluate((document) => (window as unknown as TestHostWindow).startView(document), html);
    const appVersion = await page.evaluate(() => (window as unknown as TestHostWindow).testHost.ready);
    return { page, appVersion };
  }

  function sendPartial(page: Page, args: Record<string, unknown>): Promise<void> {
    return page.evaluate(
      (input) => (window as unknown as TestHostWindow).testHost.sendToolInputPartial(input),
      args,
    );
  }

  function sendInput(page: Page, args: Record<string, unknown>): Promise<void> {
    return page.evaluate(
      (input) => (window as unknown as TestHostWindow).testHost.sendToolInput(input),
      args,
    );
  }

  beforeAll(async () => {
    host = await startAppBridgeTestHost();
    client = new Client({ name: 'drawbridge-e2e', version: '1.0.0' });
    await client.connect(
      new StdioClientTransport({
        command: drawbridgeMcpServer.command,
        args: drawbridgeMcpServer.args,
      }),
    );
  });

  afterEach(async () => {
    await opened?.close();
    opened = undefined;
  });

  afterAll(async () => {
    await client?.close();
    await host?.close();
  });

  it('builds a streamed show_widget live: the canvas node survives later partials, three.js loads inline', async () => {
    const { page, appVersion } = await startView('ui://drawbridge/widget.html');
    expect(appVersion).toEqual({ name: 'drawbridge-widget', version: '1.0.0' });
    const view = page.frameLocator('#view');
    const css = '#label{color:rgb(10, 120, 40)}';
    const canvasMarkup = '<canvas id="scene" width="200" height="100"></canvas><p id="label">first';

    await sendPartial(page, { title: 'Orbit', height: 200, css });
    await sendPartial(page, { title: 'Orbit', height: 200, css, html: canvasMarkup });
    const canvas = view.locator('canvas#scene');
    await canvas.waitFor();
    await canvas.evaluate((element) => {
      (window as unknown as MarkedWindow).firstCanvas = element;
    });
    // The markup is live before the call is complete: the paragraph is styled and the script has not run.
    expect(await view.locator('#label').evaluate((element) => getComputedStyle(element).color)).toBe(
      'rgb(10, 120, 40)',
    );
    expect(await view.locator('html').getAttribute('data-widget-state')).toBeNull();

    const sameCanvas = () =>
      canvas.evaluate((element) => element === (window as unknown as MarkedWindow).firstCanvas);
    const fullHtml = `${canvasMarkup} paragraph</p><p id="more">second paragraph</p>`;
    await sendPartial(page, {
      title: 'Orbit',
      height: 200,
      css,
      html: `${canvasMarkup} paragraph</p><p id="mo`,
    });
    await sendPartial(page, { title: 'Orbit', height: 200, css, html: fullHtml });
    await view.locator('#more').waitFor();
    expect(await sameCanvas()).toBe(true);

    const js = [
      "import * as THREE from 'three';",
      "import { OrbitControls } from 'three/addons/controls/OrbitControls.js';",
      'const vector = new THREE.Vector3(3, 4, 0);',
      "document.getElementById('more').textContent = ['three', 'r' + THREE.REVISION, vector.length(), typeof OrbitControls].join(' ');",
    ].join('\n');
    await sendInput(page, { title: 'Orbit', height: 200, css, html: fullHtml, js });
    await view.locator('html[data-widget-state="rendered"]').waitFor();
    expect(await view.locator('#more').textContent()).toMatch(/^three r\d+ 5 function$/);
    expect(await sameCanvas()).toBe(true);
    expect(await view.locator('#label').textContent()).toBe('first paragraph');

    // The App client reported the view's size to the host; nothing was logged as an error or refused by CSP.
    await expect
      .poll(() => page.evaluate(() => (window as unknown as TestHostWindow).testHost.sizes.length))
      .toBeGreaterThan(0);
    expect(await page.evaluate(() => (window as unknown as TestHostWindow).testHost.logs)).toEqual([]);
    expect(opened?.pageErrors).toEqual([]);
  });

  it("sends a render_form view's answers to the host as ui/message, sent only once the host takes them", async () => {
    const { page, appVersion } = await startView('ui://drawbridge/render_form.html');
    expect(appVersion).toEqual({ name: 'drawbridge-render-tool', version: '1.0.0' });
    const view = page.frameLocator('#view');
    await sendInput(page, {
      title: 'Trip',
      fields: [{ name: 'city', label: 'City', type: 'text', required: true }],
      submitLabel: 'Send',
    });
    await view.locator('html[data-render-tool="render_form"][data-render-state="rendered"]').waitFor();
    await view.locator('[name="city"]').fill('Lisbon');
    await page.evaluate(() => {
      (window as unknown as TestHostWindow).testHost.refuseMessages = 1;
    });
    await view.getByRole('button', { name: 'Send' }).click();
    await view
      .getByRole('alert')
      .getByText('Your answers were not sent: the chat did not take them.')
      .waitFor();
    expect(await view.locator('form[data-sent]').count()).toBe(0);

    await view.getByRole('button', { name: 'Send' }).click();
    await view.locator('form[data-sent="true"]').waitFor();
    expect(await page.evaluate(() => (window as unknown as TestHostWindow).testHost.messages)).toEqual([
      'Here are my answers:\n- City: Lisbon',
    ]);
    expect(opened?.pageErrors).toEqual([]);
  });
});
