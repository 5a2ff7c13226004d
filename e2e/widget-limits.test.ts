import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { widgetLimits } from '@drawbridge/protocol';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appPerTest } from './support/app-per-test.ts';
import { sendChatMessage } from './support/app-server.ts';

/**
 * A reply with a runaway widget — far past 512 KB, or nested far past 256 elements — after a harmless widget and
 * a typed table drawn before it in the same reply. With 5 MB, or 100,000 levels, the page once showed no card at
 * all for minutes, the thread held the user's message several times, and a reload held the main thread for seconds.
 */
describe('a widget past the size or nesting limits', () => {
  const app = appPerTest();
  let directory: string;

  beforeAll(async () => {
    directory = await mkdtemp(join(tmpdir(), 'drawbridge-widget-limits-'));
  });

  afterAll(async () => {
    await rm(directory, { recursive: true, force: true });
  });

  /** A replay: a harmless widget and a typed table, then (after the table's round trip) `runaway` as a widget. */
  async function replyFile(name: string, runaway: string): Promise<string> {
    const table = {
      title: 'Before',
      columns: [{ key: 'name', label: 'Name', type: 'string' }],
      rows: [{ name: 'first' }],
    };
    const lines = [
      {
        type: 'text',
        text: 'A fine one.\n@@HEIGHT:80@@\n@@HTML@@\n<p id="harmless">Still</p>\n@@JS@@\ndocument.getElementById("harmless").append(" here.");\n@@END@@\n',
      },
      { type: 'tool-call', toolName: 'render_table', input: table },
      { type: 'step' },
      { type: 'text', text: `Now the big one.\n@@HEIGHT:200@@\n@@HTML@@\n${runaway}\n@@END@@\nDone.` },
    ];
    const file = join(directory, `${name}.jsonl`);
    await writeFile(file, lines.map((line) => JSON.stringify(line)).join('\n'));
    return file;
  }

  async function storedUserMessages(page: Page): Promise<string[]> {
    return page.evaluate(async () => {
      const threadId = location.hash.split('/').at(-1);
      const response = await fetch(`/api/threads/${threadId}/messages`);
      const { messages } = (await response.json()) as { messages: { role: string; content: string }[] };
      return messages.filter((message) => message.role === 'user').map((message) => message.content);
    });
  }

  /** The harmless widget drawn and running, the table drawn, and the runaway one's card saying why it is not. */
  async function expectOnlyTheRunawayRefused(page: Page, code: string): Promise<void> {
    const refused = page.locator('.db-widget-card--refused');
    await refused.waitFor({ timeout: 30_000 });
    expect(await refused.getAttribute('data-refusal')).toBe(code);
    expect(await refused.getByRole('alert').textContent()).toMatch(/not drawn/);
    expect(await refused.locator('iframe').count()).toBe(0);
    await expect.poll(() => page.locator('.db-widget-card[data-rendered="true"]').count()).toBe(1);
    const harmless = page.frameLocator('.db-widget-card[data-rendered="true"] iframe.db-widget-frame');
    expect(await harmless.locator('#harmless').textContent()).toBe('Still here.');
    expect(await page.locator('.agent-table').count()).toBe(1);
  }

  // Past each limit by far, yet small enough that the replay (which the server reads to its end) stays quick
  // on a loaded machine; the limits themselves are tested exactly in assistant-message-assembler.test.ts.
  for (const { name, code, runaway } of [
    {
      name: 'nested 20,000 deep',
      code: 'markup_too_deep',
      runaway: `${'<div>'.repeat(20_000)}x${'</div>'.repeat(20_000)}`,
    },
    { name: '700 KB', code: 'widget_too_large', runaway: `<p>${'0123456789'.repeat(70_000)}</p>` },
  ]) {
    it(`${name}: its card says why it is not drawn, the rest of the reply is, and Enter sent one message`, async () => {
      const server = await app.startServer({
        model: { replayFile: await replyFile(code, runaway) },
        tools: 'render',
      });
      const { page, pageErrors } = await app.openPage(server.url);
      await sendChatMessage(page, 'go');
      await page.locator('.db-run-status__done').waitFor({ timeout: 60_000 });
      await expectOnlyTheRunawayRefused(page, code);
      expect(await storedUserMessages(page)).toEqual(['go']);
      expect((await server.listRuns()).map((run) => run.status)).toEqual(['finished']);

      // The reloaded page's main thread: every long task and long animation frame from the first script on, read
      // once the cards are back.
      await page.addInitScript(() => {
        const durations: number[] = [];
        Object.assign(window, { longTaskDurations: durations });
        // Long animation frames too: a task that is short but makes a long style or layout pass shows there.
        for (const type of ['longtask', 'long-animation-frame']) {
          new PerformanceObserver((list) => {
            for (const entry of list.getEntries()) durations.push(entry.duration);
          }).observe({ type, buffered: true });
        }
      });
      await page.reload();
      await expectOnlyTheRunawayRefused(page, code);
      expect(pageErrors).toEqual([]);
      // What a reload hands the page is bounded by the limits, whatever the model wrote: the stored thread (the
      // 5 MB widget once blocked a reload for 5.4 s) is the runaway's first 512 Ki characters at most, plus JSON.
      const storedCharacters = await page.evaluate(async () => {
        const threadId = location.hash.split('/').at(-1);
        return (await (await fetch(`/api/threads/${threadId}/messages`)).text()).length;
      });
      expect(storedCharacters).toBeLessThan(widgetLimits.maxCharacters + 64 * 1024);
      // Reported, not asserted (no wall-clock asserts in tests): the longest task the reload held the thread for.
      const longTasks = await page.evaluate(
        () => (window as unknown as { longTaskDurations: number[] }).longTaskDurations,
      );
      console.info(
        `${name} reload: ${longTasks.length} long tasks or frames, longest ${Math.round(Math.max(0, ...longTasks))} ms`,
      );
    }, 120_000);
  }
});
