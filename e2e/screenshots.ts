import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { openAppPage, sendChatMessage, startAppServer } from './support/app-server.ts';
import { launchBrowser } from './support/browser.ts';

/** Run with `npx tsx e2e/screenshots.ts` after `npm run build`; writes PNGs to docs/screenshots/. */
const outputDirectory = fileURLToPath(new URL('../docs/screenshots/', import.meta.url));

const scenes = [
  { name: 'welcome', prompt: undefined },
  { name: '3d-scene', prompt: 'Show me a 3D solar system I can orbit around' },
  { name: 'chart', prompt: 'Chart the monthly revenue for this year' },
  { name: 'form', prompt: 'Plan a weekend trip with a travel form' },
] as const;

const themes = ['light', 'dark'] as const;

async function main(): Promise<void> {
  await mkdir(outputDirectory, { recursive: true });
  const server = await startAppServer({ model: 'demo', pace: 0 });
  const browser = await launchBrowser();
  try {
    for (const theme of themes) {
      for (const scene of scenes) {
        const opened = await openAppPage(server.url, { colorScheme: theme, browser });
        try {
          const { page } = opened;
          await page.locator('#composer-input').waitFor();
          if (scene.prompt) {
            await sendChatMessage(page, scene.prompt);
            await page
              .locator('.db-run-status__done, .db-run-status__problem')
              .first()
              .waitFor({ timeout: 60_000 });
            const widgets = page.locator('.db-widget-card');
            if ((await widgets.count()) > 0) {
              await page
                .locator('.db-widget-card[data-rendered="true"]')
                .first()
                .waitFor({ timeout: 30_000 });
            }
          }
          // Let height transitions, fonts and the first animation frames settle, then frame the question.
          await page.waitForTimeout(1200);
          await page.evaluate(() => {
            const questions = document.querySelectorAll('.message--user');
            questions[questions.length - 1]?.scrollIntoView({ block: 'start' });
          });
          await page.waitForTimeout(300);
          const path = `${outputDirectory}${scene.name}-${theme}.png`;
          await page.screenshot({ path });
          console.log(`wrote ${path}`);
        } finally {
          await opened.close();
        }
      }
    }
  } finally {
    await browser.close();
    await server.close();
  }
}

await main();
