import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppServer, type OpenedPage, openAppPage } from './support/app-server.ts';
import { startDashboardServer } from './support/dashboard-server.ts';

/**
 * What the browser answered for each parked dashboard call (`POST …/tool-results`), in the order it sent
 * them; `status` is filled in when the server's response arrives.
 */
interface ToolAnswer {
  status?: number;
  body: { toolCallId?: string; result?: { status?: string; message?: string } };
}

async function askAssistant(page: Page, text: string): Promise<void> {
  const replies = page.locator('.agent-panel__assistant');
  const before = await replies.count();
  await page.locator('#dashboard-agent-input').fill(text);
  await page.locator('#dashboard-agent-input').press('Enter');
  // The run is over when its reply exists and the composer offers Send again instead of Stop.
  await replies.nth(before).waitFor({ timeout: 20_000 });
  await page.locator('.agent-panel__composer button[type="submit"]').waitFor({ timeout: 20_000 });
}

function lastReply(page: Page) {
  return page.locator('.agent-panel__assistant').last();
}

describe('the dashboard agent in Chromium', () => {
  let server: AppServer;
  let opened: OpenedPage;
  // Counted when the browser sends an answer, not when its response arrives: the run the answer resumes
  // can finish before the response does, and an answer counted late would land in the next test's count.
  const toolAnswers: ToolAnswer[] = [];
  const dashboardRequests: string[] = [];
  // The thread every message of the assistant went to (there is one conversation).
  const assistantThreadIds = new Set<string>();

  beforeAll(async () => {
    server = await startDashboardServer();
    opened = await openAppPage(`${server.url}/#/dashboard/overview`);
    opened.page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/agent') {
        assistantThreadIds.add((request.postDataJSON() as { threadId: string }).threadId);
      }
      if (new URL(request.url()).pathname.endsWith('/tool-results')) {
        toolAnswers.push({ body: request.postDataJSON() as ToolAnswer['body'] });
      }
    });
    opened.page.on('requestfinished', async (request) => {
      const url = new URL(request.url());
      // Only a load or a refresh of the page's figures asks for the runs.
      if (url.pathname === '/api/dashboard/runs') dashboardRequests.push(url.pathname);
      if (url.pathname.endsWith('/tool-results')) {
        const response = await request.response();
        const { toolCallId } = request.postDataJSON() as ToolAnswer['body'];
        const answer = toolAnswers.find((candidate) => candidate.body.toolCallId === toolCallId);
        if (answer) answer.status = response?.status() ?? 0;
      }
    });
    await opened.page.locator('.dashboard-tabs__tab[aria-current="page"]').waitFor();
    await opened.page.locator('.kpi-tile, .metric-chart').first().waitFor({ timeout: 20_000 });
  });

  afterAll(async () => {
    await opened?.close();
    await server?.close();
  });

  it('"show the last 7 days" sets the range selector and the URL', async () => {
    const { page } = opened;
    await expect.poll(() => pressedRange(page)).toBe('24 h');
    await askAssistant(page, 'show the last 7 days');

    await expect.poll(() => pressedRange(page)).toBe('7 d');
    expect(new URL(page.url()).hash).toBe('#/dashboard/overview?preset=7d');
    await expect.poll(() => lastReply(page).innerText()).toContain('the dashboard now shows the last 7 days');
    expect(toolAnswers.at(-1)).toMatchObject({ body: { result: { status: 'rendered' } } });
    await expect.poll(() => toolAnswers.at(-1)?.status ?? Number.POSITIVE_INFINITY).toBeLessThan(300);
  });

  it('"go to widgets" makes the widgets tab current', async () => {
    const { page } = opened;
    await askAssistant(page, 'go to widgets');

    await expect.poll(() => currentTab(page)).toBe('Widgets');
    expect(new URL(page.url()).hash).toBe('#/dashboard/widgets?preset=7d');
    await expect.poll(() => lastReply(page).innerText()).toContain("You're on the widgets page now");
  });

  it('"what am I looking at" reads the view back without changing it', async () => {
    const { page } = opened;
    const answersBefore = toolAnswers.length;
    await askAssistant(page, 'what am I looking at');

    await expect.poll(() => toolAnswers.length).toBe(answersBefore + 1);
    const message = toolAnswers.at(-1)?.body.result?.message ?? '';
    expect(message).toMatch(/widgets/i);
    expect(message).toMatch(/7 days/);
    expect(await currentTab(page)).toBe('Widgets');
    expect(await pressedRange(page)).toBe('7 d');
  });

  it('"refresh" round-trips and fetches the figures again', async () => {
    const { page } = opened;
    const answersBefore = toolAnswers.length;
    const requestsBefore = dashboardRequests.length;
    await askAssistant(page, 'refresh');

    await expect.poll(() => toolAnswers.length).toBe(answersBefore + 1);
    expect(toolAnswers.at(-1)?.body.result?.status).toBe('rendered');
    await expect.poll(() => dashboardRequests.length).toBeGreaterThan(requestsBefore);
    await expect.poll(() => lastReply(page).innerText()).toContain('Refreshed');
  });

  it('"chart the token usage" draws the chart in the panel and replies with the numbers', async () => {
    const { page } = opened;
    await askAssistant(page, 'chart the token usage');

    const chart = lastReply(page).locator('.metric-chart');
    await chart.locator('canvas').waitFor({ timeout: 20_000 });
    await expect.poll(() => chart.locator('.metric-chart__title').innerText()).toBe('Token usage');
    // The model's tool result carries the numeric summary; the panel shows it under the chart.
    await expect.poll(() => chart.locator('.metric-chart__summary').innerText()).toMatch(/\d/);
    await expect.poll(() => lastReply(page).innerText()).toContain('token usage');
  });

  it('an unknown metric is refused and the assistant corrects itself', async () => {
    const { page } = opened;
    const chartsBefore = await page.locator('.agent-panel .metric-chart').count();
    const answersBefore = toolAnswers.length;
    await askAssistant(page, 'chart user happiness');

    await expect.poll(() => lastReply(page).innerText()).toContain('There is no happiness metric');
    expect(await page.locator('.agent-panel .metric-chart').count()).toBe(chartsBefore);
    // The server refused the call before parking it, so the browser neither drew nor answered it.
    expect(toolAnswers.length).toBe(answersBefore);
  });

  it('keeps the conversation after a reload', async () => {
    const { page } = opened;
    const userTexts = await page.locator('.agent-panel__user').allInnerTexts();
    await page.reload();
    await expect.poll(() => page.locator('.agent-panel__user').allInnerTexts()).toEqual(userTexts);
    const transcript = page.locator('.agent-panel__transcript');
    await expect.poll(() => transcript.innerText()).toContain('Refreshed — the figures are current.');
    await expect.poll(() => transcript.innerText()).toContain('There is no happiness metric');
    // Restoring draws the old chips but must not replay the old actions.
    expect(await currentTab(page)).toBe('Widgets');
    expect(opened.pageErrors).toEqual([]);
  });

  it('continues the same conversation in a new tab, every stored chip and chart drawn again', async () => {
    const userTexts = await opened.page.locator('.agent-panel__user').allInnerTexts();
    const chipTexts = await opened.page.locator('.agent-panel .dashboard-chip').allInnerTexts();
    const tab = await openAppPage(`${server.url}/#/dashboard/overview`);
    try {
      const { page } = tab;
      await expect.poll(() => page.locator('.agent-panel__user').allInnerTexts()).toEqual(userTexts);
      await expect
        .poll(() => page.locator('.agent-panel .dashboard-chip').allInnerTexts())
        .toEqual(chipTexts);
      await page.locator('.agent-panel .metric-chart canvas').waitFor({ timeout: 20_000 });
      expect(await page.locator('.agent-panel .db-widget-problem').count()).toBe(0);
      // Drawn again, not done again: the new tab stays on the page it opened.
      expect(await currentTab(page)).toBe('Overview');
      expect(tab.pageErrors).toEqual([]);
    } finally {
      await tab.close();
    }
  });

  it("leaves the chat list and the chat search alone: the assistant's conversation and the sample history are not chats", async () => {
    expect(assistantThreadIds.size).toBe(1);
    const chat = await openAppPage(`${server.url}/`);
    try {
      const { page } = chat;
      await expect.poll(() => page.locator('.sidebar__empty').first().textContent()).toBe('No chats yet.');
      expect(await page.locator('.thread__link').count()).toBe(0);
      await page.locator('#chat-search').fill('token');
      await expect
        .poll(() => page.locator('.sidebar__results').innerText())
        .toContain('No chats match “token”.');
      expect(chat.pageErrors).toEqual([]);
    } finally {
      await chat.close();
    }
  });

  it("sends the chat, opened at the assistant's conversation, to the dashboard instead of drawing it wrongly", async () => {
    const [threadId] = assistantThreadIds;
    const chat = await openAppPage(`${server.url}/#/t/${threadId}`);
    try {
      const { page } = chat;
      await page.getByRole('heading', { name: 'This conversation is on the dashboard' }).waitFor();
      expect(await page.locator('.db-widget-problem').count()).toBe(0);
      expect(await page.locator('#composer-input').count()).toBe(0);
      await page.getByRole('link', { name: 'Open the dashboard' }).click();
      await expect.poll(() => page.locator('.agent-panel__user').count()).toBeGreaterThan(0);
    } finally {
      await chat.close();
    }
  });

  it('clears the conversation for good, and the next message starts a new one', async () => {
    const { page } = opened;
    const [oldThreadId] = assistantThreadIds;
    await page.getByRole('button', { name: 'Clear' }).click();
    await expect.poll(() => page.locator('.agent-panel__user').count()).toBe(0);
    expect((await page.request.get(`${server.url}/api/threads/${oldThreadId}/messages`)).status()).toBe(404);
    await page.reload();
    await page.locator('.agent-panel__intro').waitFor();
    await askAssistant(page, 'refresh');
    expect(assistantThreadIds.size).toBe(2);
    await expect.poll(() => page.locator('.agent-panel__user').allInnerTexts()).toEqual(['refresh']);
  });
});

async function pressedRange(page: Page): Promise<string> {
  return (await page.locator('.segmented__option[aria-pressed="true"]').first().innerText()).trim();
}

async function currentTab(page: Page): Promise<string> {
  return (await page.locator('.dashboard-tabs__tab[aria-current="page"]').innerText()).trim();
}
