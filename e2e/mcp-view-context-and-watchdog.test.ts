import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { fixtureStdioServer } from '../packages/server/src/mcp/testing/fixture-stdio-config.ts';
import { type AppServer, sendChatMessage } from './support/app-server.ts';
import { mcpAppPerSuite } from './support/mcp-app-server.ts';

/** What the thread's stored view carrier holds, as `GET /api/threads/:id/messages` returns it. */
async function storedViewCall(server: AppServer, threadId: string): Promise<string> {
  const response = await fetch(`${server.url}/api/threads/${threadId}/messages`);
  const { messages } = (await response.json()) as { messages: { render?: unknown }[] };
  return JSON.stringify(messages.find((message) => message.render !== undefined)?.render ?? null);
}

describe('a hosted MCP App view', () => {
  const app = mcpAppPerSuite({
    servers: { chatty: fixtureStdioServer({ flags: ['--chatty-view'] }) },
    replayFile: fileURLToPath(new URL('./fixtures/mcp/chatty-note.jsonl', import.meta.url)),
  });

  it('stores what it tells the model (ui/update-model-context), then is torn down when it hangs', async () => {
    const { page } = app.opened;
    await sendChatMessage(page, 'show me a note');
    const card = page.locator('.mcp-view');
    await card.and(page.locator('[data-mcp-view-phase="ready"]')).waitFor({ timeout: 30_000 });
    const view = page.locator('.mcp-view__frame').contentFrame().locator('iframe').contentFrame();
    await view.locator('#status', { hasText: 'initialized' }).waitFor();
    const threadId = new URL(page.url()).hash.replace('#/t/', '');
    expect(threadId).not.toBe('');

    // From the keyboard, not a click at page coordinates: the card may still be settling its height.
    await view.getByRole('button', { name: 'Tell the model' }).press('Enter');
    await view.locator('#status', { hasText: 'stored' }).waitFor({ timeout: 10_000 });
    expect(await storedViewCall(app.server, threadId)).toContain('The user ticked \\"milk\\".');

    await view.getByRole('button', { name: 'Hang' }).press('Enter');
    await card.and(page.locator('[data-mcp-view-phase="unresponsive"]')).waitFor({ timeout: 30_000 });
    await card.getByRole('alert').getByText('This widget stopped responding and was removed.').waitFor();
    // The frame goes once the (unanswered, bounded) teardown request gives up.
    await page.locator('.mcp-view__frame').waitFor({ state: 'detached', timeout: 10_000 });

    // Reloading it opens a fresh view, which the watchdog lets live.
    await card.getByRole('button', { name: 'Reload widget' }).press('Enter');
    await card.and(page.locator('[data-mcp-view-phase="ready"]')).waitFor({ timeout: 30_000 });
  });
});
