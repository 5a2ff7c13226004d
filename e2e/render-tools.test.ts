import { fileURLToPath } from 'node:url';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AppServer,
  type OpenedPage,
  openAppPage,
  sendChatMessage,
  startAppServer,
} from './support/app-server.ts';

const replayFile = fileURLToPath(new URL('./fixtures/render-all-widgets.jsonl', import.meta.url));

interface StoredMessageSummary {
  role: string;
  content: string;
  render?: { tool: string };
}

describe('typed render tools in the browser', () => {
  let server: AppServer;
  let opened: OpenedPage;
  const postedResults: unknown[] = [];

  beforeAll(async () => {
    server = await startAppServer({ model: { replayFile }, pace: 400, tools: 'render' });
    opened = await openAppPage(server.url);
    opened.page.on('request', (request) => {
      if (request.url().endsWith('/tool-results')) postedResults.push(request.postDataJSON());
    });
  });

  afterAll(async () => {
    await opened?.close();
    await server?.close();
  });

  async function storedMessages(): Promise<StoredMessageSummary[]> {
    const threadId = await opened.page.evaluate(async () => {
      const response = await fetch('/api/threads');
      const body = (await response.json()) as { threads: { id: string }[] };
      return body.threads[0]?.id;
    });
    const response = await fetch(`${server.url}/api/threads/${threadId}/messages`);
    return ((await response.json()) as { messages: StoredMessageSummary[] }).messages;
  }

  it('draws all four widgets from one scripted run and answers every call', async () => {
    const { page } = opened;
    await sendChatMessage(page, 'show me every widget');
    await page.locator('.agent-form').first().waitFor({ timeout: 30_000 });
    await page.getByText('All four widgets are on screen.').first().waitFor({ timeout: 30_000 });

    // Nothing is requested from a model-chosen image host until the user asks: alt text, caption and a
    // load button render; a click loads it inside the sandboxed, script-less /frame/image document.
    const image = page.locator('.agent-image').first();
    await expect
      .poll(async () => (await image.textContent()) ?? '', { timeout: 10_000 })
      .toContain('A lighthouse on a rocky coast');
    expect(await image.textContent()).toContain('Lighthouse at dusk');
    expect(await image.locator('img, iframe').count()).toBe(0);
    await image.getByRole('button', { name: /^Load image from / }).click();
    const imageFrame = image.locator('iframe');
    expect(await imageFrame.getAttribute('sandbox')).toBe('');
    expect(await imageFrame.getAttribute('src')).toMatch(/^\/frame\/image\?url=https%3A%2F%2F/);
    expect(await page.locator('.agent-table').first().textContent()).toContain('Rust');
    expect(await page.locator('.agent-chart canvas').count()).toBeGreaterThan(0);
    // An answer may be sent again when it outran the parking of its call; each call is answered.
    const answeredCalls = new Set(
      postedResults.map((posted) => (posted as { toolCallId: string }).toolCallId),
    );
    expect(answeredCalls.size).toBe(4);
    for (const posted of postedResults) {
      expect(posted).toMatchObject({ result: { status: 'rendered' } });
    }
    const stored = await storedMessages();
    const entries = stored.map((message) => message.render?.tool ?? `${message.role}: ${message.content}`);
    expect(entries.slice(0, 2)).toEqual([
      'user: show me every widget',
      'assistant: Here are all four kinds of typed widget.',
    ]);
    // Carriers are stored as the browser confirms them, so calls made in parallel keep their answer order.
    expect(entries.slice(2, 6).sort()).toEqual([
      'render_chart',
      'render_form',
      'render_image',
      'render_table',
    ]);
    expect(entries[6]).toBe('assistant: All four widgets are on screen.');
  });

  it("sends a submitted form's answers as the next user message, visible and stored", async () => {
    const { page } = opened;
    // The form's answers are the next user message, so they are refused while the first reply still runs: its
    // last prose can be on screen a moment before the run ends, longer on a busy machine.
    await page.getByRole('button', { name: 'Stop' }).waitFor({ state: 'detached', timeout: 30_000 });
    const form = page.locator('.agent-form').first();
    await form.getByLabel('Rating').fill('4');
    await form.getByLabel('Comment').fill('Lovely widgets');
    await form.getByRole('button', { name: 'Send' }).click();
    await page.getByText('Lovely widgets').first().waitFor({ timeout: 10_000 });
    await expect
      .poll(async () => (await storedMessages()).filter((message) => message.role === 'user').length, {
        timeout: 20_000,
      })
      .toBe(2);
    const answers = (await storedMessages()).filter((message) => message.role === 'user')[1];
    expect(answers?.content).toContain('Rating: 4');
    expect(answers?.content).toContain('Comment: Lovely widgets');
  });

  it('draws the widgets again after a reload, in the order of the live run', async () => {
    const { page } = opened;
    // Let the second turn finish so the reload reads a settled thread.
    await expect
      .poll(async () => (await storedMessages()).filter((message) => message.render).length, {
        timeout: 30_000,
      })
      .toBe(8);
    await page.reload();
    await page.locator('.agent-table').first().waitFor({ timeout: 20_000 });
    expect(await page.locator('.agent-image').count()).toBe(2);
    expect(await page.locator('.agent-table').count()).toBe(2);
    expect(await page.locator('.agent-chart').count()).toBe(2);
    expect(await page.locator('.agent-form').count()).toBe(2);
    const order = await page.evaluate(() => {
      const intro = [...document.querySelectorAll('*')].find(
        (element) =>
          element.children.length === 0 && element.textContent === 'Here are all four kinds of typed widget.',
      );
      const table = document.querySelector('.agent-table');
      const followUp = [...document.querySelectorAll('*')].find(
        (element) =>
          element.children.length === 0 && element.textContent === 'All four widgets are on screen.',
      );
      if (!intro || !table || !followUp) return 'missing';
      const precedes = (first: Node, second: Node) =>
        (first.compareDocumentPosition(second) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0;
      return precedes(intro, table) && precedes(table, followUp)
        ? 'prose, widget, follow-up'
        : 'out of order';
    });
    expect(order).toBe('prose, widget, follow-up');
  });
});

/**
 * How many pixels of the middle third of an element's screenshot stand out from its background (the
 * colour of its first pixel): text drawn there, or nothing.
 */
async function markedPixelsInMiddle(page: Page, element: Locator): Promise<number> {
  const png = (await element.screenshot()).toString('base64');
  return page.evaluate(async (base64) => {
    const image = new Image();
    image.src = `data:image/png;base64,${base64}`;
    await image.decode();
    const canvas = document.createElement('canvas');
    canvas.width = image.width;
    canvas.height = image.height;
    const context = canvas.getContext('2d')!;
    context.drawImage(image, 0, 0);
    const [red, green, blue] = context.getImageData(0, 0, 1, 1).data;
    const band = context.getImageData(
      0,
      Math.floor(image.height / 3),
      image.width,
      Math.floor(image.height / 3),
    );
    let marked = 0;
    for (let offset = 0; offset < band.data.length; offset += 4) {
      const difference =
        Math.abs(band.data[offset]! - red!) +
        Math.abs(band.data[offset + 1]! - green!) +
        Math.abs(band.data[offset + 2]! - blue!);
      if (difference > 120) marked += 1;
    }
    return marked;
  }, png);
}

describe('typed tools while they load, and when they cannot show', () => {
  let server: AppServer;
  let opened: OpenedPage;

  beforeAll(async () => {
    // Slow enough that each call's arguments are seen streaming in.
    server = await startAppServer({ model: { replayFile }, pace: 40, tools: 'render' });
    opened = await openAppPage(server.url);
  });

  afterAll(async () => {
    await opened?.close();
    await server?.close();
  });

  it('names a loading tool in words, and says on the image when it cannot be loaded', async () => {
    const { page } = opened;
    await sendChatMessage(page, 'show me every widget');
    const pending = page.locator('.db-tool-call--pending').first();
    await pending.waitFor({ timeout: 30_000 });
    expect(await pending.textContent()).toBe('Preparing the image…');
    await page.getByText('All four widgets are on screen.').first().waitFor({ timeout: 60_000 });

    // images.invalid never resolves: the frame says so, centred where the picture would be.
    const image = page.locator('.agent-image').first();
    await image.getByRole('button', { name: /^Load image from / }).click();
    const frame = image.locator('iframe');
    await frame.waitFor();
    await expect.poll(() => markedPixelsInMiddle(page, frame), { timeout: 20_000 }).toBeGreaterThan(200);
  });
});
