import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { appPerTest } from './support/app-per-test.ts';
import { sendChatMessage } from './support/app-server.ts';

const fixture = (name: string) => fileURLToPath(new URL(`./fixtures/${name}`, import.meta.url));

describe('chat controls and failure states', () => {
  const app = appPerTest();

  it('Stop cancels a running reply and offers Retry', async () => {
    const server = await app.startServer({ model: { replayFile: fixture('three-scene.txt') }, pace: 60 });
    const opened = await app.openPage(server.url);
    const { page } = opened;
    await sendChatMessage(page, 'Show me a cube');
    await page.locator('.db-widget-card').waitFor({ timeout: 20_000 });
    await page.getByRole('button', { name: 'Stop' }).click();
    await page.locator('.db-run-status__problem--stopped').waitFor();
    const proseAtStop = await page.locator('.db-message--assistant').textContent();
    // The server recording the run as cancelled is the sign that the reply stopped at its source; a Stop that
    // only changed the page would let the run finish.
    const runServer = server;
    await expect
      .poll(async () => (await runServer.listRuns()).map((run) => run.status), { timeout: 20_000 })
      .toEqual(['cancelled']);
    expect(await page.locator('.db-message--assistant').textContent()).toBe(proseAtStop);
    // However far the widget got, its card says it stopped, and nothing on it spins on.
    expect(await page.locator('.db-widget-card__stopped-note').textContent()).toMatch(/^Stopped /);
    expect(await page.locator('.db-widget-card__spinner').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Retry' }).isVisible()).toBe(true);
    expect(await page.locator('#composer-input').isEnabled()).toBe(true);
  });

  it('says what went wrong when the server refuses the request', async () => {
    const server = await app.startServer({ model: { replayFile: fixture('unsafe-prose.txt') } });
    const opened = await app.openPage(server.url);
    const { page } = opened;
    // Over the 1 MiB body limit: the server answers 413 body_too_large before the run starts.
    await sendChatMessage(page, 'x'.repeat(1_100_000));
    const problem = page.locator('.db-run-status__problem[role="alert"]');
    await problem.waitFor();
    expect(await problem.textContent()).toContain('Request bodies are limited to 1048576 bytes.');
    expect(await page.getByRole('button', { name: 'Retry' }).count()).toBe(1);
  });

  it('says plainly that a chat a URL names does not exist, and starts a new one from there', async () => {
    const server = await app.startServer({ model: { replayFile: fixture('unsafe-prose.txt') } });
    const opened = await app.openPage(`${server.url}/#/t/no-such-thread`);
    const { page } = opened;
    await page.getByRole('heading', { name: 'This chat doesn’t exist or isn’t yours' }).waitFor();
    // A message typed here would go to a chat nobody has: the composer waits for a chat that exists.
    expect(await page.locator('#composer-input').count()).toBe(0);
    await page.getByRole('button', { name: 'Start a new chat' }).click();
    await sendChatMessage(page, 'Hello?');
    await page.locator('.db-run-status__done').waitFor({ timeout: 20_000 });
    const listed = (await (await fetch(`${server.url}/api/threads`)).json()) as { threads: { id: string }[] };
    expect(listed.threads).toHaveLength(1);
    expect(listed.threads[0]?.id).not.toBe('no-such-thread');
  });

  it('renders prose as sanitised markdown with safe links', async () => {
    const server = await app.startServer({ model: { replayFile: fixture('unsafe-prose.txt') } });
    const opened = await app.openPage(server.url);
    const { page } = opened;
    await sendChatMessage(page, 'Links please');
    await page.locator('.db-run-status__done').waitFor({ timeout: 20_000 });
    const prose = page.locator('.db-message--assistant .prose');
    const link = prose.locator('a[href="https://example.com/guide"]');
    expect(await link.getAttribute('target')).toBe('_blank');
    expect(await link.getAttribute('rel')).toBe('noopener noreferrer');
    expect(await prose.locator('script, [onerror], a[href^="javascript"]').count()).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { injected?: boolean }).injected)).toBeUndefined();
  });

  it('shows a widget runtime error on the widget', async () => {
    const server = await app.startServer({ model: { replayFile: fixture('throwing-widget.txt') } });
    const opened = await app.openPage(server.url);
    const { page } = opened;
    await sendChatMessage(page, 'Break something');
    const strip = page.locator('.db-widget-card__error');
    await strip.waitFor({ timeout: 20_000 });
    expect(await strip.locator('.db-widget-card__error-lead').textContent()).toBe(
      'The widget reported an error:',
    );
    expect(await strip.locator('q.db-widget-card__claim').textContent()).toContain('boom from the widget');
  });

  it('tears down a widget that navigates away and says so', async () => {
    const server = await app.startServer({ model: { replayFile: fixture('navigating-widget.txt') } });
    const opened = await app.openPage(server.url);
    const { page } = opened;
    await sendChatMessage(page, 'Go somewhere');
    const card = page.locator('.db-widget-card__stopped');
    await card.waitFor({ timeout: 20_000 });
    expect(await card.textContent()).toContain('This widget tried to navigate away and was stopped');
    expect(await page.locator('iframe.db-widget-frame').count()).toBe(0);
  });
});
