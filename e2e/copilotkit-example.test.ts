import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Frame, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './support/browser.ts';
import {
  copyExample,
  type ExampleApp,
  exampleEnvironment,
  freePort,
  type RunningExample,
  startExample,
} from './support/example-apps.ts';
import { type PackedPackage, packPackage, publishedPackages, runCommand } from './support/packed-packages.ts';

/**
 * examples/copilotkit as a team runs it: our packages packed, the example copied outside the repository and
 * installed from those tarballs and npm's cache (CopilotKit from the registry's versions the repository pins), type
 * checked, built with its own `vite build` and started with its own `npm start`. In Chromium, inside CopilotKit's
 * own `CopilotChat`: a generated widget streams live into Drawbridge's sandboxed frame, an edit's revision
 * supersedes it, and the example's own typed tool (`render_weather`) is drawn from its registry and acknowledged,
 * after which the parked run goes on. No request leaves the machine, from the page or the server.
 */

let scratch: string;
let browser: Browser;
let server: RunningExample;
const screenshotDirectory = process.env.DRAWBRIDGE_SCREENSHOTS ?? tmpdir();
/** Not one of `exampleApps`: its page is CopilotKit's chat, which e2e/examples.test.ts's steps do not drive. */
const app: ExampleApp = { folder: 'copilotkit', basePath: '/ai', buildOutputs: ['dist'] };

beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), 'drawbridge-copilotkit-'));
  const tarballs = new Map<string, PackedPackage>();
  for (const folder of publishedPackages) {
    tarballs.set(folder, await packPackage(folder, join(scratch, 'tarballs')));
  }
  const directory = join(scratch, app.folder);
  await copyExample({ app, destination: directory, tarballs });
  // From npm's cache, which the repository's `npm ci` filled: CopilotKit and its peers are root devDependencies.
  // About 1,200 packages (CopilotKit's chat and runtime bring most of them): minutes on a busy machine.
  await runCommand('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', '--loglevel=error'], {
    cwd: directory,
    env: exampleEnvironment(),
    timeoutMs: 600_000,
  });
  await runCommand('npm', ['run', 'typecheck'], { cwd: directory, env: exampleEnvironment() });
  await runCommand('npm', ['run', 'build'], {
    cwd: directory,
    env: exampleEnvironment(),
    timeoutMs: 480_000,
  });
  // The demo model at its own pace (90 tokens a second): a widget takes seconds to build, as a real one does.
  server = await startExample({ app, directory, port: await freePort() });
  browser = await launchBrowser();
}, 1_500_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  if (scratch !== undefined) await rm(scratch, { recursive: true, force: true });
});

interface OpenedChat {
  context: BrowserContext;
  page: Page;
  /** Requests the page tried to send anywhere but the example's own origin (all refused). */
  outside: string[];
  /** The tool results the page answered parked calls with, in order. */
  toolResults: Array<{ toolCallId: string; result: { status: string; message: string } }>;
}

async function openChat(viewport: { width: number; height: number }): Promise<OpenedChat> {
  const context = await browser.newContext({ viewport, deviceScaleFactor: 1 });
  const page = await context.newPage();
  const outside: string[] = [];
  const toolResults: OpenedChat['toolResults'] = [];
  await context.route('**/*', (route) => {
    const url = new URL(route.request().url());
    if (url.origin === server.origin) return route.continue();
    outside.push(url.href);
    return route.abort();
  });
  page.on('request', (request) => {
    if (request.method() === 'POST' && /\/ai\/api\/threads\/[^/]+\/tool-results$/.test(request.url())) {
      toolResults.push(JSON.parse(request.postData() ?? '{}'));
    }
  });
  await page.goto(server.origin);
  await page.getByTestId('copilot-chat-textarea').waitFor();
  return { context, page, outside, toolResults };
}

async function send(page: Page, text: string): Promise<void> {
  await page.getByTestId('copilot-chat-textarea').fill(text);
  await page.getByTestId('copilot-send-button').click();
}

/** The document of the n-th widget frame in CopilotKit's message list, once it has loaded. */
async function widgetFrame(page: Page, index: number): Promise<Frame> {
  const iframe = page.getByTestId('copilot-message-list').locator('iframe[src="/ai/frame"]').nth(index);
  await iframe.waitFor();
  const frame = await (await iframe.elementHandle())!.contentFrame();
  await frame!.waitForLoadState();
  return frame!;
}

describe('examples/copilotkit, installed from the packed tarballs', () => {
  let chat: OpenedChat;

  beforeAll(async () => {
    chat = await openChat({ width: 1280, height: 900 });
  });

  afterAll(async () => {
    await chat?.context.close();
  });

  it('streams a generated widget live into the sandboxed frame inside CopilotChat', async () => {
    const { page } = chat;
    await send(page, 'Show me a tally counter');
    const frame = await widgetFrame(page, 0);
    // Tag the counter's markup as soon as it is there, while the card still says the widget is being built: the
    // parts that follow are morphed into the same document, and the script runs at the end.
    await frame.locator('.tally').waitFor({ state: 'attached' });
    const card = page.locator('.db-widget-card').first();
    expect(await card.getAttribute('data-rendered')).not.toBe('true');
    await frame.evaluate(() => {
      (document.querySelector('.tally') as HTMLElement & { streamTag?: string }).streamTag = 'first';
    });
    await card.and(page.locator('[data-rendered="true"]')).waitFor();
    expect(
      await frame.evaluate(
        () => (document.querySelector('.tally') as HTMLElement & { streamTag?: string }).streamTag,
      ),
    ).toBe('first');
    await expect
      .poll(async () => {
        await frame.locator('.tally #add').click();
        return frame.locator('.tally #count').textContent();
      })
      .not.toBe('0');
    const iframe = page.locator('iframe[src="/ai/frame"]').first();
    expect(await iframe.getAttribute('sandbox')).toBe('allow-scripts allow-forms');
    await page.screenshot({ path: join(screenshotDirectory, 'copilotkit-widget-desktop.png') });
  });

  it("hands the live frame to an edit's revision, whose card supersedes the first", async () => {
    const { page } = chat;
    const frame = await widgetFrame(page, 0);
    const countBefore = await frame.locator('.tally #count').textContent();
    const firstId = await page.locator('.db-widget-card').first().getAttribute('data-widget-id');
    await send(page, 'make it dark');
    await page.locator('.db-widget-card--superseded').waitFor();
    const latest = page.locator('.db-widget-card[data-latest="true"]');
    await latest.and(page.locator('[data-rendered="true"]')).waitFor();
    expect(await latest.getAttribute('data-widget-id')).not.toBe(firstId);
    await expect.poll(() => latest.textContent()).toContain('Revision 2 / 2');
    // Only the styles changed: the same frame goes on running, with what the user did in it.
    expect(await page.locator('iframe[src="/ai/frame"]').count()).toBe(1);
    expect(await frame.locator('.tally #count').textContent()).toBe(countBefore);
    await page.screenshot({ path: join(screenshotDirectory, 'copilotkit-revision-desktop.png') });
  });

  it('draws the example’s own typed tool from its registry and acknowledges it, so the parked run goes on', async () => {
    const { page, toolResults } = chat;
    await send(page, "What's the weather in Paris?");
    const card = page.getByRole('region', { name: 'Weather in Paris' });
    await card.waitFor();
    expect(await card.textContent()).toContain('18 °C');
    // The demo model writes this only after the tool's result reached it: the run resumed after the answer.
    await page.getByText('connect a real model for any city.').waitFor();
    expect(toolResults).toEqual([
      {
        toolCallId: expect.any(String),
        result: { status: 'rendered', message: 'Displayed the weather card to the user.' },
      },
    ]);
    await card.scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(screenshotDirectory, 'copilotkit-weather-desktop.png') });
  });

  it('sent no request anywhere but its own origin, and its runtime has telemetry off', async () => {
    expect(chat.outside).toEqual([]);
    // What CopilotKit's runtime says of itself to its page.
    const info = (await (await fetch(`${server.origin}/api/copilotkit/info`)).json()) as {
      telemetryDisabled: boolean;
    };
    expect(info.telemetryDisabled).toBe(true);
    expect(server.output()).not.toMatch(/telemetry enabled/i);
  });
});

describe('examples/copilotkit on a phone', () => {
  it('fits the widget into a phone-wide CopilotChat', async () => {
    const phone = await openChat({ width: 390, height: 844 });
    try {
      await send(phone.page, 'Show me a tally counter');
      await phone.page.locator('.db-widget-card[data-rendered="true"]').waitFor();
      const box = await phone.page.locator('iframe[src="/ai/frame"]').first().boundingBox();
      expect(box!.x).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width).toBeLessThanOrEqual(390);
      await phone.page.screenshot({ path: join(screenshotDirectory, 'copilotkit-widget-phone.png') });
      expect(phone.outside).toEqual([]);
    } finally {
      await phone.context.close();
    }
  });
});
