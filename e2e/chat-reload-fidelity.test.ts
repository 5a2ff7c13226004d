import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { appPerTest } from './support/app-per-test.ts';
import { sendChatMessage } from './support/app-server.ts';

const fixture = (name: string) => fileURLToPath(new URL(`./fixtures/${name}`, import.meta.url));

/**
 * The transcript as a reader sees it: one entry per bubble, each listing its parts in order (prose by its
 * text, a generated widget, or the typed widget drawn for a tool call). Compared before and after a reload.
 */
function describeTranscript(page: Page): Promise<string[][]> {
  return page.evaluate(() =>
    [...document.querySelectorAll('.db-transcript__column > article')].map((message) => {
      if (message.classList.contains('message--user')) {
        return ['user', message.textContent?.trim() ?? ''];
      }
      const body = message.querySelector('.db-message__body');
      return [
        'assistant',
        // The actions row under a reply (regenerate, copy, model and tokens) is no part of what it says.
        ...[...(body?.children ?? [])]
          .filter((part) => !part.classList.contains('message-actions'))
          .map((part) => {
            if (part.classList.contains('prose')) return `prose: ${part.textContent?.trim()}`;
            if (part.classList.contains('db-widget-card')) return 'generated widget';
            const typed = part.querySelector('.agent-form, .agent-table, .agent-chart, .agent-image');
            return typed ? (typed.className.split(' ')[0] ?? 'typed') : part.className;
          }),
      ];
    }),
  );
}

async function waitForSettledRun(page: Page): Promise<void> {
  await page.locator('.db-run-status__done').waitFor({ timeout: 60_000 });
}

describe('a reload shows what was on screen', () => {
  const app = appPerTest();

  it('keeps prose that followed a generated widget below it, as its own paragraph', async () => {
    const server = await app.startServer({ model: { replayFile: fixture('three-scene.txt') }, pace: 4000 });
    const opened = await app.openPage(server.url);
    const { page } = opened;
    await sendChatMessage(page, 'Show me a cube');
    await waitForSettledRun(page);
    const live = await describeTranscript(page);
    expect(live[1]?.at(-1)).toBe('prose: The cube spins on its own; the legend lists the orbit markers.');
    expect(live[1]?.at(-2)).toBe('generated widget');

    await page.reload();
    await page.locator('.db-widget-card').first().waitFor({ timeout: 20_000 });
    expect(await describeTranscript(page)).toEqual(live);
  });

  it('keeps a reply holding typed widgets in one bubble, in the order it streamed', async () => {
    const server = await app.startServer({
      model: { replayFile: fixture('render-all-widgets.jsonl') },
      pace: 4000,
      tools: 'render',
    });
    const opened = await app.openPage(server.url);
    const { page } = opened;
    await sendChatMessage(page, 'show me every widget');
    await waitForSettledRun(page);
    // The chart component is a chunk loaded on demand; compare once it is drawn, as after the reload.
    await page.locator('.agent-chart canvas').waitFor({ timeout: 20_000 });
    const live = await describeTranscript(page);
    expect(live.map((message) => message[0])).toEqual(['user', 'assistant']);

    await page.reload();
    await page.locator('.agent-chart canvas').waitFor({ timeout: 20_000 });
    expect(await describeTranscript(page)).toEqual(live);
  });

  it('brings a submitted form back as submitted, with its answers, and it cannot be sent again', async () => {
    const server = await app.startServer({
      model: { replayFile: fixture('render-all-widgets.jsonl') },
      pace: 4000,
      tools: 'render',
    });
    const opened = await app.openPage(server.url);
    const { page } = opened;
    await sendChatMessage(page, 'show me every widget');
    await waitForSettledRun(page);
    const form = page.locator('.agent-form').first();
    await form.getByLabel('Rating').fill('4');
    await form.getByLabel('Comment').fill('Lovely widgets');
    await form.getByRole('button', { name: 'Send' }).click();
    await page.locator('.message--user').nth(1).waitFor();
    await waitForSettledRun(page);
    const answersLive = await page
      .locator('.agent-form')
      .first()
      .locator('.agent-form__answers')
      .textContent();
    expect(answersLive).toContain('Lovely widgets');
    expect(await form.locator('input, select, textarea').count()).toBe(0);

    await page.reload();
    const restored = page.locator('.agent-form').first();
    await restored.locator('.agent-form__sent').waitFor({ timeout: 20_000 });
    expect(await restored.getAttribute('data-sent')).toBe('true');
    expect(await restored.locator('.agent-form__answers').textContent()).toBe(answersLive);
    expect(await restored.getByRole('button', { name: 'Send' }).count()).toBe(0);
    // Only the answers: no empty fields above them.
    expect(await restored.locator('input, select, textarea').count()).toBe(0);
    // The second form (from the reply to the answers) was never sent, so it stays open.
    expect(await page.locator('.agent-form').nth(1).getAttribute('data-sent')).toBeNull();
  });

  it('after Retry, shows the retried turn once, without the stopped attempt', async () => {
    // Every reply waits before its script until the gate opens: the first is stopped there, mid-widget, and the
    // retried one is let through whole.
    const server = await app.startServer({
      model: { replayFile: fixture('three-scene.txt') },
      holdBefore: '@@JS@@',
    });
    const opened = await app.openPage(server.url);
    const { page } = opened;
    await sendChatMessage(page, 'Show me a cube');
    await server.gate.reached;
    await page.locator('.db-widget-card').first().waitFor({ timeout: 20_000 });
    await page.getByRole('button', { name: 'Stop' }).click();
    await page.getByRole('button', { name: 'Retry' }).click();
    server.gate.release();
    await waitForSettledRun(page);
    const live = await describeTranscript(page);
    expect(live.map((message) => message[0])).toEqual(['user', 'assistant']);

    await page.reload();
    await page.locator('.db-widget-card').first().waitFor({ timeout: 20_000 });
    expect(await describeTranscript(page)).toEqual(live);
  });
});
