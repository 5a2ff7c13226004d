import type { Browser, BrowserContext, Page } from 'playwright-core';

/** The password the e2e accounts are made with: inside the server's rules (10–256 characters). */
export const accountPassword = 'correct horse battery staple';

/** A new browser context at the app's sign-in page, as a signed-out visitor arrives. */
export async function openSignInPage(
  browser: Browser,
  appUrl: string,
  viewport = { width: 1280, height: 900 },
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  await page.goto(appUrl);
  await page.getByRole('heading', { name: 'Sign in' }).waitFor();
  return { context, page };
}

/**
 * Creates an account through the sign-up form and waits for the chat it opens. better-auth allows three
 * sign-ups per client address in ten seconds, and every e2e visitor is 127.0.0.1: a file that needs more
 * accounts than that gives its tests servers of their own.
 */
export async function createAccountInPage(
  page: Page,
  { name, email, password = accountPassword }: { name: string; email: string; password?: string },
): Promise<void> {
  await page.getByRole('button', { name: 'Create an account' }).click();
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.locator('#composer-input').waitFor();
}
