import { fileURLToPath } from 'node:url';
import type { FrameLocator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  basicReactServer,
  basicVanillaServer,
} from '../packages/server/src/mcp/testing/npm-mcp-app-servers.ts';
import { type AppServer, sendChatMessage } from './support/app-server.ts';
import { mcpAppPerSuite, mcpViewOf } from './support/mcp-app-server.ts';

const isoTime = /\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z/;

async function serverTimeShown(view: FrameLocator): Promise<string> {
  return (await view.locator('body').textContent({ timeout: 5000 })) ?? '';
}

async function auditEntries(server: AppServer): Promise<{ actor: string; tool: string; outcome: string }[]> {
  const response = await fetch(`${server.url}/api/dashboard/audit`);
  return ((await response.json()) as { entries: { actor: string; tool: string; outcome: string }[] }).entries;
}

describe('the npm vanillajs MCP App server, hosted in the transcript', () => {
  /** The time the model's call returned, which the stored result keeps. */
  let modelCallTime: string | undefined;
  const app = mcpAppPerSuite({
    servers: { 'basic-vanillajs': basicVanillaServer },
    replayFile: fileURLToPath(new URL('./fixtures/mcp/get-time.jsonl', import.meta.url)),
  });

  it('renders its view behind the sandbox proxy on another origin, fed the tool result', async () => {
    const { page } = app.opened;
    await sendChatMessage(page, 'what time is it on the server?');
    await page.locator('.mcp-view[data-mcp-view-phase="ready"]').waitFor({ timeout: 30_000 });
    const view = mcpViewOf(page);
    await expect.poll(() => serverTimeShown(view), { timeout: 20_000 }).toMatch(isoTime);
    modelCallTime = (await serverTimeShown(view)).match(isoTime)?.[0];
    const proxyUrl = new URL((await page.locator('.mcp-view__frame').getAttribute('src'))!);
    expect(proxyUrl.origin).not.toBe(new URL(app.server.url).origin);
    expect(proxyUrl.hostname).toBe('localhost');
    // The view measured itself: the card follows its size-changed, not our default height.
    await expect
      .poll(async () =>
        page.locator('.mcp-view__stage').evaluate((stage) => stage.getBoundingClientRect().height),
      )
      .not.toBe(320);
    const audited = await auditEntries(app.server);
    expect(audited).toContainEqual(
      expect.objectContaining({ actor: 'widgets', tool: 'mcp__basic-vanillajs__get-time', outcome: 'ok' }),
    );
    await page.screenshot({ path: '/tmp/drawbridge-mcp-vanillajs.png' });
  });

  it("proxies the view's own tools/call to its server through governance, and audits it", async () => {
    const { page } = app.opened;
    const view = mcpViewOf(page);
    const before = (await serverTimeShown(view)).match(isoTime)?.[0];
    await view.getByRole('button', { name: 'Get Server Time' }).click();
    await expect
      .poll(async () => (await serverTimeShown(view)).match(isoTime)?.[0], { timeout: 20_000 })
      .not.toBe(before);
    await expect
      .poll(async () =>
        (await auditEntries(app.server)).filter((entry) => entry.actor === 'mcp-app:basic-vanillajs'),
      )
      .toContainEqual(expect.objectContaining({ tool: 'mcp__basic-vanillajs__get-time', outcome: 'ok' }));
  });

  it('draws the view again after a reload, from its stored input and result', async () => {
    const { page } = app.opened;
    await page.reload();
    await page.locator('.mcp-view[data-mcp-view-phase="ready"]').waitFor({ timeout: 30_000 });
    // Not a new call: the restored view shows the time the model's call returned, not the later one.
    expect(modelCallTime).toMatch(isoTime);
    await expect
      .poll(async () => (await serverTimeShown(mcpViewOf(page))).match(isoTime)?.[0], { timeout: 20_000 })
      .toBe(modelCallTime);
  });
});

describe('the npm React MCP App server, hosted in the transcript', () => {
  const app = mcpAppPerSuite(
    {
      servers: { 'basic-react': basicReactServer },
      replayFile: fileURLToPath(new URL('./fixtures/mcp/greet-react.jsonl', import.meta.url)),
    },
    { colorScheme: 'dark' },
  );

  it('renders its React view with the tool result', async () => {
    const { page } = app.opened;
    await sendChatMessage(page, 'what time is it?');
    await page.locator('.mcp-view[data-mcp-view-phase="ready"]').waitFor({ timeout: 30_000 });
    await expect.poll(() => serverTimeShown(mcpViewOf(page)), { timeout: 20_000 }).toMatch(isoTime);
    expect(app.opened.pageErrors).toEqual([]);
    await page.screenshot({ path: '/tmp/drawbridge-mcp-react.png' });
  });
});
