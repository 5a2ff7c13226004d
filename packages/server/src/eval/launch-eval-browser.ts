import { type Browser, chromium } from 'playwright-core';

/** Headless flags for the distribution's Chromium, with WebGL in software (3D widgets render without a GPU). */
const chromiumArguments = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

/** Launches Chromium from `CHROMIUM_PATH`, or the distribution's `/usr/bin/chromium`. */
export function launchEvalBrowser({ env }: { env: Record<string, string | undefined> }): Promise<Browser> {
  return chromium.launch({
    executablePath: env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: chromiumArguments,
  });
}
