import type { Browser } from 'playwright-core';

/** Headless flags for the distribution's Chromium, with WebGL in software (3D widgets render without a GPU). */
export const chromiumArguments = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

/**
 * Launches Chromium from `chromiumPath` (`CHROMIUM_PATH`, default the distribution's `/usr/bin/chromium`). Playwright's own signal
 * handlers stay off: theirs closes the browser under the cases still running and exits the process before the
 * eval has stopped its server and removed its temporary database; the eval handles Ctrl-C itself.
 * playwright-core is imported here, when the eval starts, not with the server: it is an optional package.
 */
export async function launchEvalBrowser({ chromiumPath }: { chromiumPath: string }): Promise<Browser> {
  const { chromium } = await import('playwright-core');
  return chromium.launch({
    executablePath: chromiumPath,
    args: chromiumArguments,
    handleSIGINT: false,
    handleSIGTERM: false,
    handleSIGHUP: false,
  });
}
