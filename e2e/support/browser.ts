import { type Browser, chromium } from 'playwright-core';
import { chromiumArguments } from '../../packages/server/src/eval/launch-eval-browser.ts';

/** Flags that let Debian's Chromium run headless here, with WebGL in software: the eval's own, one list. */
export const chromiumArgs = chromiumArguments;

/**
 * Launches Debian's Chromium (Playwright's own browser download does not work on our machines). Headless
 * Playwright hides scrollbars; `showScrollbars` keeps them, with the room they take, as a user's browser has.
 */
export function launchBrowser({
  showScrollbars = false,
}: {
  showScrollbars?: boolean;
} = {}): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: chromiumArgs,
    ...(showScrollbars ? { ignoreDefaultArgs: ['--hide-scrollbars'] } : {}),
  });
}
