import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { sendChatMessage } from './support/app-server.ts';
import { drawbridgeMcpServer, mcpAppPerSuite, mcpViewOf } from './support/mcp-app-server.ts';

describe("Drawbridge hosting Drawbridge's own MCP server (drawbridge mcp over stdio)", () => {
  const app = mcpAppPerSuite({
    servers: {
      drawbridge: drawbridgeMcpServer,
    },
    replayFile: fileURLToPath(new URL('./fixtures/mcp/show-widget.jsonl', import.meta.url)),
  });

  it("renders show_widget's view through the AppBridge host: styled markup, then the script", async () => {
    const { page } = app.opened;
    await sendChatMessage(page, 'draw me a counter');
    await page.locator('.mcp-view[data-mcp-view-phase="ready"]').waitFor({ timeout: 30_000 });
    const view = mcpViewOf(page);
    await view.locator('html[data-widget-state="rendered"]').waitFor({ timeout: 20_000 });
    const button = view.locator('#count');
    expect(await button.evaluate((element) => getComputedStyle(element).color)).toBe('rgb(200, 30, 30)');
    await expect.poll(() => view.locator('canvas#surface').count()).toBe(1);
    // From the keyboard, not by a click at page coordinates: the card may still be taking the view's
    // measured height, and a moving frame can take a click meant for it elsewhere.
    await button.press('Enter');
    await expect.poll(() => button.textContent()).toBe('1');
    expect(app.opened.pageErrors).toEqual([]);
    await page.screenshot({ path: '/tmp/drawbridge-mcp-serve-widget.png' });
  });
});
