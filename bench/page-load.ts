/**
 * What a first visit costs: the scripts and styles the chat page loads before it can be used (bytes raw,
 * gzip and brotli, and the bytes that actually crossed the wire with the encoding the server chose), and
 * the first contentful paint and the time until the composer is on screen on a throttled slow-phone
 * profile (Chromium over CDP: `--down` kbit/s down, `--rtt` ms round trip, CPU slowed `--cpu` times).
 * Serves the built app (`npm run build` first) from the real server on a free loopback port with the demo
 * model and a fresh database; each run gets a fresh browser context, so nothing is cached.
 * Run: npx tsx bench/page-load.ts [--runs 5] [--down 1600] [--rtt 150] [--cpu 4]
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Browser } from 'playwright-core';
import { startAppServer } from '../e2e/support/app-server.ts';
import { launchBrowser } from '../e2e/support/browser.ts';
import { median } from './support/statistics.ts';

const webDist = join(import.meta.dirname, '..', 'packages', 'web', 'dist');

const { values: flags } = parseArgs({
  options: {
    runs: { type: 'string', default: '5' },
    down: { type: 'string', default: '1600' },
    rtt: { type: 'string', default: '150' },
    cpu: { type: 'string', default: '4' },
  },
});

const kilobytes = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

interface LoadedAsset {
  path: string;
  contentEncoding: string;
  wireBytes: number;
}

interface ThrottledLoad {
  firstContentfulPaint: number;
  composerVisible: number;
}

/** Lists the hashed scripts and styles the chat page fetches on a cold load, with what crossed the wire. */
async function initialAssets(browser: Browser, url: string): Promise<LoadedAsset[]> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const assets: LoadedAsset[] = [];
  page.on('response', async (response) => {
    const path = new URL(response.url()).pathname;
    if (!path.startsWith('/assets/')) return;
    const sizes = await response.request().sizes();
    assets.push({
      path,
      contentEncoding: response.headers()['content-encoding'] ?? 'identity',
      wireBytes: sizes.responseBodySize,
    });
  });
  await page.goto(url);
  await page.locator('#composer-input').waitFor();
  await page.waitForLoadState('networkidle');
  await context.close();
  return assets.sort((left, right) => left.path.localeCompare(right.path));
}

/** One cold load on the throttled profile: first contentful paint and the composer's arrival, in ms. */
async function throttledLoad(
  browser: Browser,
  url: string,
  profile: { downKbps: number; rttMs: number; cpuSlowdown: number },
): Promise<ThrottledLoad> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  const session = await context.newCDPSession(page);
  await session.send('Network.enable');
  await session.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: profile.rttMs,
    downloadThroughput: (profile.downKbps * 1000) / 8,
    uploadThroughput: (profile.downKbps * 1000) / 8 / 2,
  });
  await session.send('Emulation.setCPUThrottlingRate', { rate: profile.cpuSlowdown });
  await page.goto(url, { waitUntil: 'commit' });
  await page.locator('#composer-input').waitFor({ timeout: 120_000 });
  const composerVisible = await page.evaluate(() => performance.now());
  const firstContentfulPaint = await page.evaluate(
    () => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN,
  );
  await context.close();
  return { firstContentfulPaint, composerVisible };
}

const runs = Number(flags.runs);
const profile = {
  downKbps: Number(flags.down),
  rttMs: Number(flags.rtt),
  cpuSlowdown: Number(flags.cpu),
};
const server = await startAppServer();
const browser = await launchBrowser();
try {
  const assets = await initialAssets(browser, server.url);
  console.log('Initial load (hashed assets the chat page fetches before the composer shows):');
  let totals = { raw: 0, gzip: 0, brotli: 0, wire: 0 };
  for (const asset of assets) {
    const content = await readFile(join(webDist, asset.path));
    const gzip = gzipSync(content, { level: 9 }).length;
    const brotli = brotliCompressSync(content, {
      params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY },
    }).length;
    totals = {
      raw: totals.raw + content.length,
      gzip: totals.gzip + gzip,
      brotli: totals.brotli + brotli,
      wire: totals.wire + asset.wireBytes,
    };
    console.log(
      `  ${asset.path.padEnd(44)} raw ${kilobytes(content.length).padStart(9)}  gzip ${kilobytes(gzip).padStart(8)}` +
        `  brotli ${kilobytes(brotli).padStart(8)}  wire ${kilobytes(asset.wireBytes).padStart(9)} (${asset.contentEncoding})`,
    );
  }
  console.log(
    `  ${'total'.padEnd(44)} raw ${kilobytes(totals.raw).padStart(9)}  gzip ${kilobytes(totals.gzip).padStart(8)}` +
      `  brotli ${kilobytes(totals.brotli).padStart(8)}  wire ${kilobytes(totals.wire).padStart(9)}`,
  );

  const loads: ThrottledLoad[] = [];
  for (let run = 0; run < runs; run += 1) loads.push(await throttledLoad(browser, server.url, profile));
  console.log(
    `Throttled cold load (${profile.downKbps} kbit/s, ${profile.rttMs} ms RTT, CPU ×${profile.cpuSlowdown}, 390×844), median of ${runs}:`,
  );
  console.log(
    `  first contentful paint ${median(loads.map((load) => load.firstContentfulPaint)).toFixed(0)} ms`,
  );
  console.log(`  composer on screen     ${median(loads.map((load) => load.composerVisible)).toFixed(0)} ms`);
} finally {
  await browser.close();
  await server.close();
}
