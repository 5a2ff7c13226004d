import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { appPerTest } from './support/app-per-test.ts';
import { clickWhenSettled, sendChatMessage, waitForWidgetFrame } from './support/app-server.ts';

/** The demo model's invitations, followed as a user follows them: each gets a reply of its own. */
describe('the demo answers what its own widgets and forms invite', () => {
  const app = appPerTest();
  const fallbackOpening = "I'm the **built-in demo model**".replaceAll('**', '');

  /** The text of assistant reply number `count` (1-based) once its run is over. */
  async function replyText(page: Page, count: number): Promise<string> {
    const reply = page.locator('.db-message--assistant').nth(count - 1);
    await reply.waitFor({ timeout: 30_000 });
    await page.locator('.db-composer__button--stop').waitFor({ state: 'detached', timeout: 30_000 });
    return (await reply.textContent()) ?? '';
  }

  async function openDemo(): Promise<Page> {
    const server = await app.startServer({ model: 'demo', pace: 0 });
    const { page } = await app.openPage(server.url);
    return page;
  }

  it("the orrery's Saturn button gets an answer about Saturn's rings", async () => {
    const page = await openDemo();
    await sendChatMessage(page, 'Show me a 3D solar system');
    await page.locator('.db-widget-card[data-rendered="true"]').waitFor({ timeout: 60_000 });
    const frame = await waitForWidgetFrame(page);
    await frame.getByRole('button', { name: /Saturn/ }).click();
    const answer = await replyText(page, 2);
    expect(answer).toContain('water ice');
    expect(answer).not.toContain(fallbackOpening);
  });

  it("the feedback survey's answers are thanked by name", async () => {
    const page = await openDemo();
    await sendChatMessage(page, 'ask me a few questions for a feedback survey');
    const form = page.locator('form').first();
    await form.waitFor({ timeout: 30_000 });
    await form.getByLabel('Your name').fill('Ada');
    await form.getByLabel('Your role').selectOption('engineer');
    await form.getByLabel(/recommend/).fill('9');
    await clickWhenSettled(form.getByRole('button', { name: 'Send feedback' }));
    const answer = await replyText(page, 2);
    expect(answer).toContain('Thank you, Ada!');
    expect(answer).toContain('9 out of 10');
  });

  it('the trip planner\'s "Plan this trip" draws a day-by-day itinerary of that trip', async () => {
    const page = await openDemo();
    await sendChatMessage(page, 'plan a trip');
    await page.locator('.db-widget-card[data-rendered="true"]').waitFor({ timeout: 60_000 });
    const planner = await waitForWidgetFrame(page);
    await planner.getByLabel('Destination').fill('Lisbon <Portugal>');
    await planner.getByLabel('First day').fill('2031-05-01');
    await planner.getByLabel('Nights').fill('3');
    await planner.getByRole('button', { name: 'Review my trip' }).click();
    await planner.getByRole('button', { name: 'Plan this trip' }).click();
    await page.locator('.db-widget-card[data-rendered="true"]').nth(1).waitFor({ timeout: 60_000 });
    const itinerary = await waitForWidgetFrame(page, 1);
    expect(await itinerary.getByRole('heading').first().textContent()).toBe('Lisbon <Portugal>, 3 nights');
    // Arrival day, two full days, the day home.
    expect(await itinerary.locator('.days > li').count()).toBe(4);
  });
});
