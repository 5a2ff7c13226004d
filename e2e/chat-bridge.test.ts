import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AppServer,
  type OpenedPage,
  openAppPage,
  sendChatMessage,
  startAppServer,
  waitForWidgetFrame,
} from './support/app-server.ts';

const replayFile = fileURLToPath(new URL('./fixtures/bridge-widget.txt', import.meta.url));

describe('the host bridge', () => {
  let server: AppServer;
  let opened: OpenedPage;

  beforeAll(async () => {
    server = await startAppServer({ model: { replayFile } });
    opened = await openAppPage(server.url);
  });

  afterAll(async () => {
    await opened?.close();
    await server?.close();
  });

  it("refuses a non-https link with the host's reason", async () => {
    const { page } = opened;
    await sendChatMessage(page, 'Planets');
    await page.locator('.db-widget-card[data-rendered="true"]').waitFor({ timeout: 20_000 });
    const frame = await waitForWidgetFrame(page);
    await frame.locator('#insecure').click();
    await expect
      .poll(() => frame.locator('#bridge-result').textContent())
      .toMatch(/^link refused: Only https:/);
  });

  it("sends a widget's prompt as the user's next message", async () => {
    const { page } = opened;
    await page.locator('.db-run-status__done').waitFor({ timeout: 20_000 });
    const frame = await waitForWidgetFrame(page);
    await frame.locator('#ask').click();
    await expect.poll(() => frame.locator('#bridge-result').textContent()).toBe('prompt sent');
    await expect.poll(() => page.locator('.message--user').count()).toBe(2);
    expect(await page.locator('.message--user').last().textContent()).toBe('Tell me about Mars');
  });
});
