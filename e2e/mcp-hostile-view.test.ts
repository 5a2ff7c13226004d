import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtureStdioServer } from '../packages/server/src/mcp/testing/fixture-stdio-config.ts';
import { sendChatMessage } from './support/app-server.ts';
import { type CanaryServers, startCanaryServers } from './support/canary-servers.ts';
import { mcpAppPerSuite } from './support/mcp-app-server.ts';

describe('a hostile MCP App view', () => {
  let canaries: CanaryServers;

  beforeAll(async () => {
    canaries = await startCanaryServers();
  });

  afterAll(async () => {
    await canaries?.close();
  });

  // Registered after the canaries' hooks: started once they listen, closed before they stop.
  const app = mcpAppPerSuite(() => ({
    servers: { hostile: fixtureStdioServer({ flags: ['--canary-origin', canaries.httpOrigin] }) },
    replayFile: fileURLToPath(new URL('./fixtures/mcp/hostile-note.jsonl', import.meta.url)),
  }));

  it('reaches nothing: not the page, its storage, the top window, popups, other origins or our API', async () => {
    const { page } = app.opened;
    const appOrigin = new URL(page.url()).origin;
    await sendChatMessage(page, 'show me a note');
    const view = page.locator('.mcp-view__frame').contentFrame().locator('iframe').contentFrame();
    const report = view.locator('#report[data-done="true"]');
    await report.waitFor({ timeout: 30_000 });
    const outcomes = JSON.parse((await report.textContent()) ?? '{}') as Record<string, string>;
    const sentOnly = ['beacon', 'nested-frame', 'form'];
    expect(Object.keys(outcomes)).toHaveLength(12);
    // What the page can tell was refused in the view; the rest is judged by what the canary heard.
    expect(
      Object.entries(outcomes).filter(
        ([name, outcome]) => outcome !== (sentOnly.includes(name) ? 'sent' : 'blocked'),
      ),
    ).toEqual([]);
    await canaries.settle();
    expect(canaries.hitsFor('mcp-hostile')).toEqual([]);
    // The page is still ours (only its #/t/<thread> hash moved, as the chat does).
    expect(new URL(page.url()).origin).toBe(appOrigin);
    expect(new URL(page.url()).pathname).toBe('/');
    expect(page.context().pages()).toHaveLength(1);
  });
});
