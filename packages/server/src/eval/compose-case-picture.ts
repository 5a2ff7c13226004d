import type { Browser } from 'playwright-core';

/** One PNG per case: the light screenshot on the left, the dark one on the right, each labelled. */
export async function composeCasePicture({
  browser,
  light,
  dark,
}: {
  browser: Browser;
  light: Buffer;
  dark: Buffer;
}): Promise<Buffer> {
  const context = await browser.newContext({ viewport: { width: 400, height: 200 } });
  try {
    const page = await context.newPage();
    const image = (png: Buffer, label: string) =>
      `<figure><figcaption>${label}</figcaption><img src="data:image/png;base64,${png.toString('base64')}"></figure>`;
    await page.setContent(
      `<!doctype html><style>
body{margin:0;display:inline-flex;gap:12px;padding:12px;background:#8a909c;font:12px system-ui,sans-serif;align-items:flex-start}
figure{margin:0}figcaption{color:#fff;margin-bottom:4px}img{display:block}
</style>${image(light, 'light')}${image(dark, 'dark')}`,
    );
    await page.waitForFunction(() => Array.from(document.images).every((element) => element.complete));
    return await page.locator('body').screenshot();
  } finally {
    await context.close();
  }
}
