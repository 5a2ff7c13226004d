import { mkdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { startAppServer } from './support/app-server.ts';
import { launchBrowser } from './support/browser.ts';

/**
 * Run with `npx tsx e2e/a2ui-screenshots.ts <folder>` after `npm run build`: the demo model's three A2UI surfaces
 * (booking form, product comparison, settings panel), each at 1440×900 and 390×844, light and dark.
 */
const outputDirectory = resolve(process.argv[2] ?? 'a2ui-screenshots');

const prompts = {
  booking: 'Can you book a table for dinner?',
  comparison: 'Compare noise-cancelling headphones for me',
  settings: 'Open my settings panel',
} as const;
const viewports = { desktop: { width: 1440, height: 900 }, phone: { width: 390, height: 844 } } as const;

async function main(): Promise<void> {
  await mkdir(outputDirectory, { recursive: true });
  const server = await startAppServer();
  const browser = await launchBrowser();
  try {
    for (const [surface, prompt] of Object.entries(prompts)) {
      for (const [device, viewport] of Object.entries(viewports)) {
        for (const colorScheme of ['light', 'dark'] as const) {
          const context = await browser.newContext({ viewport, colorScheme, deviceScaleFactor: 1 });
          const page = await context.newPage();
          await page.goto(server.url);
          await page.locator('#composer-input').fill(prompt);
          await page.locator('#composer-input').press('Enter');
          await page.locator('[data-a2ui-surface] .a2ui-button').last().waitFor({ timeout: 30_000 });
          await page.locator('.message-actions').last().waitFor({ timeout: 30_000 });
          await page.locator('[data-a2ui-surface]').first().scrollIntoViewIfNeeded();
          const path = join(outputDirectory, `a2ui-${surface}-${device}-${colorScheme}.png`);
          await page.screenshot({ path });
          console.info(path);
          await context.close();
        }
      }
    }
  } finally {
    await browser.close();
    await server.close();
  }
}

await main();
