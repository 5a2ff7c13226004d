import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { sendChatMessage } from './support/app-server.ts';
import { drawbridgeMcpServer, mcpAppPerSuite, mcpViewOf } from './support/mcp-app-server.ts';

describe("Drawbridge hosting its own MCP server's typed render tools (drawbridge mcp over stdio)", () => {
  const app = mcpAppPerSuite({
    servers: {
      drawbridge: drawbridgeMcpServer,
    },
    replayFile: fileURLToPath(new URL('./fixtures/mcp/render-tools.jsonl', import.meta.url)),
  });

  it("draws render_table and render_chart in their views with the chat's own components", async () => {
    const { page } = app.opened;
    await sendChatMessage(page, 'a table and a chart');
    await expect
      .poll(() => page.locator('.mcp-view[data-mcp-view-phase="ready"]').count(), { timeout: 30_000 })
      .toBe(2);

    const table = mcpViewOf(page, 0);
    await table.locator('html[data-render-tool="render_table"][data-render-state="rendered"]').waitFor({
      timeout: 20_000,
    });
    await expect
      .poll(() => table.locator('tbody tr:not(.agent-table__spacer) td:first-child').allTextContents())
      .toEqual(['Lisp', 'C', 'Rust']);
    // The chat's sortable header works inside the view: the component, not a picture of it.
    // Activated from the keyboard, not by a click at page coordinates: the card may still be taking the
    // view's measured height, and a moving frame can take a click meant for it elsewhere.
    await table.locator('th', { hasText: 'Year' }).locator('button').press('Enter');
    await expect
      .poll(() => table.locator('th', { hasText: 'Year' }).getAttribute('aria-sort'))
      .not.toBe('none');

    const chart = mcpViewOf(page, 1);
    await chart.locator('html[data-render-tool="render_chart"][data-render-state="rendered"]').waitFor({
      timeout: 20_000,
    });
    await expect.poll(() => chart.locator('.agent-chart__title').textContent()).toBe('Visits');
    await chart.locator('.agent-chart canvas').waitFor({ timeout: 20_000 });
    expect(app.opened.pageErrors).toEqual([]);
    await page.screenshot({ path: '/tmp/drawbridge-mcp-serve-render-tools.png', fullPage: true });
  });
});
