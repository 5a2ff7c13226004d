import type { RunAgentInput } from '@ag-ui/client';
import { officialA2uiExamples } from '@drawbridge/protocol/testing';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { middlewareAgent } from './support/a2ui-middleware-run.ts';
import { type AppServer, openAppPage, sendChatMessage, startAppServer } from './support/app-server.ts';
import { accessibilityViolations, seriousAccessibilityViolations } from './support/axe-audit.ts';
import { launchBrowser } from './support/browser.ts';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

describe('A2UI surfaces from Drawbridge’s own model', () => {
  let server: AppServer;

  beforeAll(async () => {
    server = await startAppServer({ pace: 300 });
  });

  afterAll(async () => {
    await server?.close();
  });

  it('draw while the call streams, take input both ways, send the action to the next run, and come back on reload', async () => {
    const opened = await openAppPage(server.url, { browser });
    try {
      const { page } = opened;
      await sendChatMessage(page, 'Can you book a table for dinner?');
      // Drawn progressively: the surface is on screen before its last component (the button) has arrived.
      await page.waitForFunction(
        () =>
          document.querySelector('[data-a2ui-surface="demo-booking"]') &&
          !document.querySelector('.a2ui-button'),
        undefined,
        { timeout: 30_000, polling: 'raf' },
      );
      const surface = page.locator('[data-a2ui-surface="demo-booking"]');
      const book = surface.getByRole('button', { name: 'Book the table' });
      await book.waitFor({ timeout: 30_000 });
      await page.getByText('your choice comes back to me as your next message').waitFor({ timeout: 30_000 });
      expect(await page.locator('.db-tool-call').count()).toBe(0);

      // The check keeps the button from sending until a name is given, and says why.
      expect(await book.getAttribute('aria-disabled')).toBe('true');
      await surface.getByLabel('Name for the booking').fill('Ada');
      const guests = surface.getByLabel('Guests');
      await guests.focus();
      await guests.press('ArrowRight');
      await guests.press('ArrowRight');
      expect(await surface.locator('output').textContent()).toBe('4');
      await surface.getByRole('button', { name: 'Terrace' }).click();
      expect(await book.getAttribute('aria-disabled')).toBeNull();

      const request = page.waitForRequest((sent) => sent.url().endsWith('/api/agent'));
      await book.click();
      const body = (await request).postDataJSON() as RunAgentInput;
      expect((body.forwardedProps as { a2uiAction: unknown }).a2uiAction).toMatchObject({
        userAction: {
          name: 'book_table',
          surfaceId: 'demo-booking',
          sourceComponentId: 'book',
          context: { date: '2026-07-10', time: '19:30', guests: 4, seating: ['terrace'], name: 'Ada' },
        },
      });
      // The action is the user's message in the transcript, and the next run answers it.
      const sentence =
        'User performed action "book_table" on surface "demo-booking" (component: book). Context: {"date":"2026-07-10","time":"19:30","guests":4,"seating":["terrace"],"name":"Ada"}';
      await page.locator('.message--user', { hasText: sentence }).waitFor({ timeout: 30_000 });
      await page
        .getByText('a table for 4 at Osteria Lume on 2026-07-10 at 19:30')
        .waitFor({ timeout: 30_000 });

      await page.reload();
      await page
        .locator('[data-a2ui-surface="demo-booking"]')
        .getByRole('button', { name: 'Book the table' })
        .waitFor();
      await page.locator('.message--user', { hasText: sentence }).waitFor();
      expect(await page.locator('.a2ui-problem').count()).toBe(0);
      expect(opened.pageErrors).toEqual([]);
    } finally {
      await opened.close();
    }
  });
});

describe('with model-written code forbidden', () => {
  let server: AppServer;

  beforeAll(async () => {
    server = await startAppServer({ forbidCode: true });
  });

  afterAll(async () => {
    await server?.close();
  });

  it('refuses a widget with a clear message and runs none of it, while A2UI surfaces still draw', async () => {
    const opened = await openAppPage(server.url, { browser });
    try {
      const { page } = opened;
      await sendChatMessage(page, 'Make me a tally counter');
      await page.getByText('Model-written code is turned off on this server').waitFor({ timeout: 30_000 });
      expect(await page.locator('iframe.db-widget-frame').count()).toBe(0);
      await page.locator('.message-actions').last().waitFor({ timeout: 30_000 });
      await sendChatMessage(page, 'Can you book a table for dinner?');
      await page.locator('[data-a2ui-surface="demo-booking"] .a2ui-button').waitFor({ timeout: 30_000 });
      expect(opened.pageErrors).toEqual([]);
    } finally {
      await opened.close();
    }
  });
});

describe('the official A2UI sample surfaces', () => {
  const examples = officialA2uiExamples();
  let server: AppServer;

  beforeAll(async () => {
    server = await startAppServer();
  });

  afterAll(async () => {
    await server?.close();
  });

  /**
   * Answers the page's run with one `a2ui-surface` activity per official example, as an AG-UI agent sends them:
   * v0.9 in `a2ui_operations` (the middleware from 0.0.3 on), v0.8 in `operations` (its 0.0.2).
   */
  async function routeRunToExamples(page: Page): Promise<void> {
    await page.route('**/api/agent', async (route) => {
      const input = route.request().postDataJSON() as RunAgentInput;
      const { threadId, runId } = input;
      const messageId = 'official-examples';
      const events = [
        { type: 'RUN_STARTED', threadId, runId },
        { type: 'TEXT_MESSAGE_START', messageId, role: 'assistant' },
        { type: 'TEXT_MESSAGE_CONTENT', messageId, delta: `All ${examples.length} official A2UI examples.` },
        ...examples.map((example, index) => ({
          type: 'ACTIVITY_SNAPSHOT',
          messageId: `example-${index}`,
          activityType: 'a2ui-surface',
          content: { [example.version === '0.8' ? 'operations' : 'a2ui_operations']: example.messages },
        })),
        { type: 'TEXT_MESSAGE_END', messageId },
        { type: 'RUN_FINISHED', threadId, runId },
      ];
      await route.fulfill({
        status: 200,
        contentType: 'application/x-ndjson',
        body: events.map((event, index) => `${JSON.stringify({ ...event, seq: index + 1 })}\n`).join(''),
      });
    });
  }

  for (const colorScheme of ['light', 'dark'] as const) {
    it(`all render with no error, and axe finds nothing serious (${colorScheme})`, async () => {
      const opened = await openAppPage(server.url, { browser, colorScheme });
      try {
        const { page } = opened;
        await routeRunToExamples(page);
        await sendChatMessage(page, 'show me the official examples');
        await page
          .locator('[data-a2ui-activity]')
          .nth(examples.length - 1)
          .waitFor({ timeout: 30_000 });
        expect(examples.length).toBe(85);
        expect(await page.locator('[data-a2ui-activity]').count()).toBe(examples.length);
        expect(await page.locator('.a2ui-problem').count()).toBe(0);
        expect(await page.locator('[data-a2ui-missing]').count()).toBe(0);
        expect(await page.locator('[data-a2ui-surface]').count()).toBeGreaterThanOrEqual(examples.length);
        expect(await seriousAccessibilityViolations(page)).toEqual([]);
        const all = await accessibilityViolations(page);
        console.info(
          `axe (${colorScheme}, ${examples.length} official surfaces): ${all.length} violations of any impact`,
          all.map((violation) => `${violation.rule}:${violation.impact}`),
        );
        expect(opened.pageErrors).toEqual([]);
      } finally {
        await opened.close();
      }
    });
  }
});

describe('a v0.8 stream from @ag-ui/a2ui-middleware', () => {
  let server: AppServer;

  beforeAll(async () => {
    server = await startAppServer();
  });

  afterAll(async () => {
    await server?.close();
  });

  /** Answers the page's runs with what the real middleware makes of an agent that draws `surface`. */
  async function routeRunsThroughMiddleware(page: Page, surface: unknown[]) {
    const { agent, run } = middlewareAgent(surface);
    const requests: RunAgentInput[] = [];
    await page.route('**/api/agent', async (route) => {
      const input = route.request().postDataJSON() as RunAgentInput;
      requests.push(input);
      const events = await run(input);
      await route.fulfill({
        status: 200,
        contentType: 'application/x-ndjson',
        body: events.map((event, index) => `${JSON.stringify({ ...event, seq: index + 1 })}\n`).join(''),
      });
    });
    return { agent, requests };
  }

  it('renders, and a user action reaches the next run as the middleware’s log_a2ui_event', async () => {
    const login = officialA2uiExamples().find(
      (example) => example.version === '0.8' && example.file === '4_login_form.json',
    );
    if (login === undefined) throw new Error('the v0.8 login form example is missing');
    const opened = await openAppPage(server.url, { browser });
    try {
      const { page } = opened;
      const { agent, requests } = await routeRunsThroughMiddleware(page, login.messages);
      await sendChatMessage(page, 'sign me in');
      const surface = page.locator('[data-a2ui-surface]');
      await surface.waitFor({ timeout: 30_000 });
      expect(await page.locator('.a2ui-problem').count()).toBe(0);
      const fields = surface.locator('input');
      expect(await fields.count()).toBeGreaterThan(0);
      await fields.first().fill('ada@example.com');
      await surface.locator('.a2ui-button').last().click();

      await expect.poll(() => requests.length).toBe(2);
      const forwarded = requests[1]?.forwardedProps as
        | { a2uiAction?: { userAction: { name: string } } }
        | undefined;
      const action = forwarded?.a2uiAction?.userAction;
      expect(action?.name).toBeTruthy();
      // The middleware hands its agent the action as a log_a2ui_event call and its sentence.
      const lastInput = agent.inputs.at(-1);
      const toolMessage = lastInput?.messages.at(-1) as { role: string; content: string };
      expect(toolMessage.role).toBe('tool');
      expect(toolMessage.content).toMatch(new RegExp(`^User performed action "${action?.name}" on surface`));
      expect(JSON.stringify(lastInput?.messages.at(-2))).toContain('log_a2ui_event');
      expect(opened.pageErrors).toEqual([]);
    } finally {
      await opened.close();
    }
  });
});
