import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { openAppPage } from './support/app-server.ts';
import { launchBrowser } from './support/browser.ts';
import { startDashboardServer } from './support/dashboard-server.ts';

/**
 * Run with `npx tsx e2e/dashboard-screenshots.ts` after `npm run build`; writes
 * docs/screenshots/dashboard-*.png from a server seeded with the labelled sample week.
 */
const outputDirectory = fileURLToPath(new URL('../docs/screenshots/', import.meta.url));

interface Scene {
  name: string;
  theme: 'light' | 'dark';
  hash: string;
  /** Messages for the assistant, sent in order before the picture is taken. */
  prompts?: readonly string[];
}

const scenes: readonly Scene[] = [
  { name: 'dashboard-overview-light', theme: 'light', hash: '#/dashboard/overview?preset=7d' },
  { name: 'dashboard-overview-dark', theme: 'dark', hash: '#/dashboard/overview?preset=7d' },
  { name: 'dashboard-widgets-light', theme: 'light', hash: '#/dashboard/widgets?preset=7d' },
  { name: 'dashboard-tools-light', theme: 'light', hash: '#/dashboard/tools?preset=7d' },
  { name: 'dashboard-audit-light', theme: 'light', hash: '#/dashboard/audit?preset=7d' },
  {
    name: 'dashboard-assistant-chart-light',
    theme: 'light',
    hash: '#/dashboard/overview',
    prompts: ['show the last 7 days', 'chart the token usage'],
  },
];

async function askAssistant(page: Page, text: string): Promise<void> {
  const replies = page.locator('.agent-panel__assistant');
  const before = await replies.count();
  await page.locator('#dashboard-agent-input').fill(text);
  await page.locator('#dashboard-agent-input').press('Enter');
  await replies.nth(before).waitFor({ timeout: 30_000 });
  await page.locator('.agent-panel__composer button[type="submit"]').waitFor({ timeout: 30_000 });
}

async function main(): Promise<void> {
  await mkdir(outputDirectory, { recursive: true });
  const server = await startDashboardServer();
  const browser = await launchBrowser();
  try {
    for (const scene of scenes) {
      // A fresh context per scene, so the assistant's remembered thread does not carry over.
      const opened = await openAppPage(`${server.url}/${scene.hash}`, { colorScheme: scene.theme, browser });
      try {
        const { page } = opened;
        await page.locator('.dashboard__body[aria-busy="false"]').waitFor({ timeout: 30_000 });
        for (const prompt of scene.prompts ?? []) await askAssistant(page, prompt);
        if (scene.prompts)
          await page.locator('.agent-panel .metric-chart canvas').waitFor({ timeout: 30_000 });
        // Chart.js animates its first draw; let it finish before the picture.
        await page.waitForTimeout(900);
        const path = `${outputDirectory}${scene.name}.png`;
        await page.screenshot({ path });
        console.log(`wrote ${path}`);
      } finally {
        await opened.close();
      }
    }
  } finally {
    await browser.close();
    await server.close();
  }
}

await main();
