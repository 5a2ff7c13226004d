import { build } from 'esbuild';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './support/browser.ts';

/**
 * The markup builder against Chromium's own HTML parser: for markup a model writes, building
 * it chunk by chunk must give the DOM `template.innerHTML` gives for the whole.
 */
const fixtures: Record<string, string> = {
  card: '<section class="card"><h2>Revenue &amp; costs</h2><p>Up <strong>12%</strong> &mdash; see <a href="?a=1&b=2">below</a>.</p></section>',
  implied: '<p>one<p>two<div>three</div><ul><li>a<li>b</ul><dl><dt>k<dd>v</dl>',
  table: '<table><tr><th>Name<th>Value<tr><td>a<td>1</table>',
  svg: '<svg viewbox="0 0 10 10"><lineargradient id="g"><stop offset="0"/></lineargradient><circle cx="5" cy="5" r="4" fill="url(#g)"/><foreignObject><div>html</div></foreignObject></svg>',
  breakout: '<svg><g><p>out</p></g></svg><math><mi>x</mi><mo>=</mo></math>',
  textarea: '<textarea>\n<b>raw</b> &lt;</textarea><pre>\nkeep\n</pre><title>t &amp; u</title>',
  references: '<p>&copy 2025 &hellip; &frac12; &notin; &#x1F600; R&D</p>',
  stray: '<div>a</span>b</p>c</div></div>d',
  select: '<select><option>a<option>b<optgroup label="g"><option>c</select>',
  template: '<template><tr><td>x</td></tr></template><button>a<button>b</button>',
};

let browser: Browser;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
  page = await browser.newPage();
  const bundle = await build({
    entryPoints: [new URL('../packages/frame/src/runtime/markup-builder.ts', import.meta.url).pathname],
    bundle: true,
    format: 'iife',
    globalName: 'markupBuilderModule',
    write: false,
  });
  await page.setContent('<!doctype html><html><body></body></html>');
  await page.addScriptTag({ content: bundle.outputFiles[0]!.text });
});

afterAll(async () => {
  await browser?.close();
});

describe('the markup builder matches Chromium', () => {
  for (const [name, markup] of Object.entries(fixtures)) {
    it(`builds "${name}" like template.innerHTML, one character at a time`, async () => {
      const result = await page.evaluate((markup) => {
        const { MarkupBuilder } = (
          window as unknown as {
            markupBuilderModule: typeof import('../packages/frame/src/runtime/markup-builder.ts');
          }
        ).markupBuilderModule;
        const root = document.createElement('div');
        const builder = new MarkupBuilder({ root });
        for (const character of markup) builder.append(character);
        builder.finish();
        const template = document.createElement('template');
        template.innerHTML = markup;
        const expected = document.createElement('div');
        expected.append(template.content.cloneNode(true));
        return { built: root.innerHTML, parsed: expected.innerHTML };
      }, markup);
      expect(result.built).toBe(result.parsed);
    });
  }
});
