import type { Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppServer, type OpenedPage, openAppPage } from './support/app-server.ts';
import { startDashboardServer } from './support/dashboard-server.ts';

/** What the browser posted to answer one parked dashboard call (`POST …/tool-results`). */
interface ToolAnswerBody {
  toolCallId: string;
  result?: { status?: string; message?: string };
}

/** One answer with the server's reply to it. */
interface ToolAnswer {
  status: number;
  body: ToolAnswerBody;
}

const isToolAnswer = (request: Request) =>
  request.method() === 'POST' && new URL(request.url()).pathname.endsWith('/tool-results');

/**
 * Asks the dashboard assistant and waits until its run is over. With `answersToolCall`, also returns the
 * browser's answer to the call this run parked: the wait starts before Enter and accepts only a call id that
 * had no answer yet, so a previous run's answer whose response arrives late cannot be taken for this one.
 */
async function askAssistant(
  page: Page,
  text: string,
  { answeredCallIds, answersToolCall }: { answeredCallIds: ReadonlySet<string>; answersToolCall: boolean },
): Promise<ToolAnswer | undefined> {
  const replies = page.locator('.agent-panel__assistant');
  const before = await replies.count();
  const callIdsBefore = new Set(answeredCallIds);
  const answered = answersToolCall
    ? page.waitForResponse(
        (response) =>
          isToolAnswer(response.request()) &&
          !callIdsBefore.has((response.request().postDataJSON() as ToolAnswerBody).toolCallId),
        { timeout: 20_000 },
      )
    : undefined;
  await page.locator('#dashboard-agent-input').fill(text);
  await page.locator('#dashboard-agent-input').press('Enter');
  const response = await answered;
  // The run is over when its reply exists and the composer offers Send again instead of Stop.
  await replies.nth(before).waitFor({ timeout: 20_000 });
  await page.locator('.agent-panel__composer button[type="submit"]').waitFor({ timeout: 20_000 });
  return response === undefined
    ? undefined
    : { status: response.status(), body: response.request().postDataJSON() as ToolAnswerBody };
}

function lastReply(page: Page) {
  return page.locator('.agent-panel__assistant').last();
}

describe('the dashboard agent in Chromium', () => {
  let server: AppServer;
  let opened: OpenedPage;
  /** Every answered call, keyed by call id, recorded synchronously as each request leaves the page. */
  const toolAnswers = new Map<string, ToolAnswerBody>();
  /** Requests for the dashboard's figures (only a load or a refresh of the page's data asks for runs). */
  const figureRequests: string[] = [];
  const ask = (page: Page, text: string, answersToolCall: boolean) =>
    askAssistant(page, text, { answeredCallIds: new Set(toolAnswers.keys()), answersToolCall });

  beforeAll(async () => {
    server = await startDashboardServer();
    opened = await openAppPage(`${server.url}/#/dashboard/overview`);
    opened.page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname === '/api/dashboard/runs') figureRequests.push(url.pathname);
      if (isToolAnswer(request)) {
        const body = request.postDataJSON() as ToolAnswerBody;
        toolAnswers.set(body.toolCallId, body);
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
    const answer = await ask(page, 'show the last 7 days', true);

    await expect.poll(() => pressedRange(page)).toBe('7 d');
    expect(new URL(page.url()).hash).toBe('#/dashboard/overview?preset=7d');
    await expect.poll(() => lastReply(page).innerText()).toContain('the dashboard now shows the last 7 days');
    expect(answer?.body.result?.status).toBe('rendered');
    expect(answer?.status).toBeLessThan(300);
  });

  it('"go to widgets" makes the widgets tab current', async () => {
    const { page } = opened;
    await ask(page, 'go to widgets', true);

    await expect.poll(() => currentTab(page)).toBe('Widgets');
    expect(new URL(page.url()).hash).toBe('#/dashboard/widgets?preset=7d');
    await expect.poll(() => lastReply(page).innerText()).toContain("You're on the widgets page now");
  });

  it('"what am I looking at" reads the view back without changing it', async () => {
    const { page } = opened;
    const answersBefore = toolAnswers.size;
    const answer = await ask(page, 'what am I looking at', true);

    expect(toolAnswers.size).toBe(answersBefore + 1);
    const message = answer?.body.result?.message ?? '';
    expect(message).toMatch(/widgets/i);
    expect(message).toMatch(/7 days/);
    expect(await currentTab(page)).toBe('Widgets');
    expect(await pressedRange(page)).toBe('7 d');
  });

  it('"refresh" round-trips and fetches the figures again', async () => {
    const { page } = opened;
    const answersBefore = toolAnswers.size;
    const requestsBefore = figureRequests.length;
    const answer = await ask(page, 'refresh', true);

    expect(toolAnswers.size).toBe(answersBefore + 1);
    expect(answer?.body.result?.status).toBe('rendered');
    expect(answer?.status).toBeLessThan(300);
    await expect.poll(() => figureRequests.length).toBeGreaterThan(requestsBefore);
    await expect.poll(() => lastReply(page).innerText()).toContain('Refreshed');
  });

  it('"chart the token usage" draws the chart in the panel and replies with the numbers', async () => {
    const { page } = opened;
    await ask(page, 'chart the token usage', true);

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
    await ask(page, 'chart user happiness', false);

    await expect.poll(() => lastReply(page).innerText()).toContain('There is no happiness metric');
    expect(await page.locator('.agent-panel .metric-chart').count()).toBe(chartsBefore);
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
});

async function pressedRange(page: Page): Promise<string> {
  return (await page.locator('.segmented__option[aria-pressed="true"]').first().innerText()).trim();
}

async function currentTab(page: Page): Promise<string> {
  return (await page.locator('.dashboard-tabs__tab[aria-current="page"]').innerText()).trim();
}
