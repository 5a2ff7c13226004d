import type { Browser } from 'playwright-core';
import { afterAll, afterEach, beforeAll } from 'vitest';
import {
  type AppServerOptions,
  type OpenedPage,
  openAppPage,
  type StoreBackedAppServer,
  startAppServer,
} from './app-server.ts';
import { launchBrowser } from './browser.ts';

export interface AppPerTest {
  /** Starts a server for the running test; it closes when the test ends. */
  startServer(options?: AppServerOptions): Promise<StoreBackedAppServer>;
  /** Opens the app in the file's shared Chromium, in a fresh context that closes when the test ends. */
  openPage(url: string, options?: { colorScheme?: 'light' | 'dark' }): Promise<OpenedPage>;
}

/**
 * For a file whose tests each need their own server (a fixture, a pace, a held model): one Chromium for the
 * whole file, and every server and page a test opened closed after it, pages first, even when it failed.
 */
export function appPerTest(): AppPerTest {
  let browser: Browser | undefined;
  const closers: Array<() => Promise<void>> = [];

  beforeAll(async () => {
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
  });

  afterEach(async () => {
    for (const close of closers.splice(0).reverse()) await close();
  });

  return {
    async startServer(options) {
      const server = await startAppServer(options);
      closers.push(() => server.close());
      return server;
    },
    async openPage(url, { colorScheme } = {}) {
      if (browser === undefined) throw new Error('appPerTest() pages open inside a test.');
      const opened = await openAppPage(url, { browser, ...(colorScheme ? { colorScheme } : {}) });
      closers.push(() => opened.close());
      return opened;
    },
  };
}
