import { mkdtemp, realpath, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import type { Browser, Frame, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './support/browser.ts';
import {
  copyExample,
  type ExampleApp,
  exampleApps,
  freePort,
  installAndBuild,
  type RunningExample,
  startExample,
} from './support/example-apps.ts';
import {
  type PackedPackage,
  packPackage,
  publishedPackages,
  repositoryRoot,
} from './support/packed-packages.ts';

/**
 * The test a user makes with each app of examples/: the packages packed once, each example copied outside the
 * repository, installed from those tarballs (no workspace link, no path into the repository), built with its
 * own build (`vite build`, `next build`) and started with its own `npm start`, then driven in Chromium: a
 * generated widget streams into a sandboxed frame served under the example's base path, the example's own
 * weather card completes its parked call's round trip, and a reload brings both back.
 */

let scratch: string;
let browser: Browser;
const tarballs = new Map<string, PackedPackage>();

beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), 'drawbridge-examples-'));
  // Packed once, for every example.
  for (const folder of publishedPackages) {
    tarballs.set(folder, await packPackage(folder, join(scratch, 'tarballs')));
  }
  browser = await launchBrowser();
}, 240_000);

afterAll(async () => {
  await browser?.close();
  if (scratch !== undefined) await rm(scratch, { recursive: true, force: true, maxRetries: 5 });
});

/** The frame a generated widget runs in: the document the page loaded from `<basePath>/frame`. */
async function widgetFrame(page: Page, frameUrl: string): Promise<Frame> {
  await expect.poll(() => page.frames().some((frame) => frame.url() === frameUrl)).toBe(true);
  return page.frames().find((frame) => frame.url() === frameUrl)!;
}

/** The counter's script runs in the frame: a click on its button counts (it is inert until the script ran). */
async function expectScriptRuns(frame: Frame): Promise<void> {
  await expect
    .poll(async () => {
      await frame.locator('.tally #add').click();
      return frame.locator('.tally #count').textContent();
    })
    .not.toBe('0');
}

async function send(page: Page, text: string): Promise<void> {
  await page.locator('.db-composer__input').fill(text);
  await page.keyboard.press('Enter');
}

describe.each(exampleApps.map((app) => [app.folder, app] as const))(
  'examples/%s',
  (_folder, app: ExampleApp) => {
    let directory: string;
    let example: RunningExample;
    let page: Page;
    let frameUrl: string;

    // npm install from the cache, then `vite build` or `next build`: minutes on two busy cores.
    beforeAll(async () => {
      directory = join(scratch, app.folder);
      await copyExample({ app, destination: directory, tarballs });
      await installAndBuild(directory);
      example = await startExample({ app, directory, port: await freePort() });
      frameUrl = `${example.origin}${app.basePath}/frame`;
      page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
      // In every widget frame: how many elements its document held after each change, to see the markup arrive
      // in pieces rather than all at once.
      await page.addInitScript(() => {
        if (window === window.top) return;
        const counts: number[] = [];
        (window as unknown as { elementCounts: number[] }).elementCounts = counts;
        new MutationObserver(() => counts.push(document.body.querySelectorAll('*').length)).observe(
          document,
          {
            childList: true,
            subtree: true,
          },
        );
      });
    }, 600_000);

    afterAll(async () => {
      await page?.close();
      await example?.stop();
    });

    it('is installed from the tarballs, outside the repository', async () => {
      expect(relative(repositoryRoot, directory).startsWith('..')).toBe(true);
      for (const folder of publishedPackages) {
        const packageDirectory = join(directory, 'node_modules', '@drawbridge', folder);
        expect(await realpath(packageDirectory)).toBe(packageDirectory);
      }
    });

    it('streams a generated widget into a sandboxed frame under its base path, and runs it', async () => {
      await page.goto(`${example.origin}/`);
      await send(page, 'a tally counter');
      const frame = await widgetFrame(page, frameUrl);
      await page.locator('.db-run-status__done').waitFor();
      await expectScriptRuns(frame);
      const counts = await frame.evaluate(
        () => (window as unknown as { elementCounts: number[] }).elementCounts,
      );
      // The markup grew in several steps as it streamed, not in one piece at the end.
      expect(new Set(counts.filter((count) => count > 0)).size).toBeGreaterThanOrEqual(3);
      // An opaque origin, from the frame element the page made.
      expect(await frame.evaluate(() => origin)).toBe('null');
      expect(await page.locator(`iframe[src="${app.basePath}/frame"]`).getAttribute('sandbox')).toBe(
        'allow-scripts allow-forms',
      );
    });

    it('draws its own weather card, and the run resumes once the card is acknowledged', async () => {
      await send(page, 'What is the weather in Paris?');
      await expect.poll(() => page.locator('.weather-card').textContent()).toContain('Paris');
      // The prose after the tool call: the model read the acknowledgement and went on.
      await expect.poll(() => page.locator('main').textContent()).toContain('Mild and cloudy.');
      // Stored once the browser said it drew the card (a call it could not draw would not be).
      const thread = new URL(page.url()).searchParams.get('thread');
      const stored = (await (
        await fetch(`${example.origin}${app.basePath}/api/threads/${thread}/messages`)
      ).json()) as { messages: Array<{ render?: { tool: string; args: unknown } }> };
      expect(
        stored.messages.flatMap((message) => (message.render === undefined ? [] : [message.render])),
      ).toEqual([{ tool: 'render_weather', args: { city: 'Paris', temperatureC: 18, sky: 'cloud' } }]);
    });

    it('shows both again after a reload', async () => {
      await page.reload();
      await expect.poll(() => page.locator('.weather-card').textContent()).toContain('Paris');
      await expectScriptRuns(await widgetFrame(page, frameUrl));
      await expect.poll(() => page.locator('main').textContent()).toContain('Mild and cloudy.');
    });

    it('fits a phone’s width: nothing of the chat reaches past 390 px', async () => {
      await page.setViewportSize({ width: 390, height: 844 });
      await expect.poll(() => page.locator('.weather-card').textContent()).toContain('Paris');
      const overflowing = await page.evaluate(() =>
        [...document.querySelectorAll('[class^="db-"], [class*=" db-"]')]
          .filter((element) => element.getBoundingClientRect().right > innerWidth + 0.5)
          .map((element) => element.className),
      );
      expect(overflowing).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(390);
    });

    it('answers only under its base path', async () => {
      const mounted = await fetch(`${example.origin}${app.basePath}/api/health`);
      expect(mounted.status).toBe(200);
      const frame = await fetch(frameUrl);
      expect(frame.headers.get('content-security-policy')).toContain('sandbox allow-scripts allow-forms');
      const atRoot = await fetch(`${example.origin}/api/health`);
      expect(atRoot.headers.get('content-type') ?? '').not.toContain('application/json');
    });
  },
);
