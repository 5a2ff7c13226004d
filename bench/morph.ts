/**
 * Applying a streamed widget's markup inside the real widget frame, in Chromium: our incremental
 * markup builder against whole-document morphs (morphdom, idiomorph) and plain innerHTML.
 * Run: `npm run build --workspace @drawbridge/frame && npx tsx bench/morph.ts`.
 */
import { readFile } from 'node:fs/promises';
import { build } from 'esbuild';
import { launchBrowser } from '../e2e/support/browser.ts';
import { startStaticServer } from '../e2e/support/static-server.ts';

const chunkCount = 4000;
/**
 * A whole-document morph costs more per chunk the longer the markup gets, so over a stream it is at least
 * quadratic; a variant still applying after this long is stopped and reported with how far it got.
 */
const variantBudgetMs = 30_000;

/** A dashboard-like widget of about 40 KB: cards, a form, an SVG chart and a long table. */
function realisticWidgetMarkup(): string {
  const cards = Array.from(
    { length: 8 },
    (_, index) =>
      `<article class="card" data-metric="m${index}"><h3>Metric ${index}</h3><p class="value">${(index * 1234.5).toFixed(1)} <small>&plusmn;2%</small></p><p class="hint">Compared with last week &mdash; <a href="#detail-${index}">details</a></p></article>`,
  ).join('\n');
  const points = Array.from(
    { length: 60 },
    (_, index) => `${index * 10},${100 - Math.round(40 * Math.sin(index / 5))}`,
  );
  const chart = `<svg viewBox="0 0 600 120" class="chart"><defs><linearGradient id="fill" x1="0" x2="0" y1="0" y2="1"><stop offset="0" stop-color="#3b6cf6"/><stop offset="1" stop-color="#3b6cf6" stop-opacity="0"/></linearGradient></defs><polyline fill="none" stroke="#3b6cf6" stroke-width="2" points="${points.join(' ')}"/>${points.map((point) => `<circle cx="${point.split(',')[0]}" cy="${point.split(',')[1]}" r="2"/>`).join('')}</svg>`;
  const rows = Array.from(
    { length: 300 },
    (_, index) =>
      `<tr id="detail-${index}"><td>${index}</td><td class="name">Item &quot;${index}&quot;</td><td>${(index * 7.3).toFixed(2)}</td><td><span class="badge ${index % 3 === 0 ? 'up' : 'down'}">${index % 3 === 0 ? '&uarr;' : '&darr;'}</span></td></tr>`,
  ).join('\n');
  return `<div class="dashboard">
<header><h1>Weekly report</h1><p>Generated for <strong>Ada</strong>. Drag the chart, filter the table.</p></header>
<section class="cards">${cards}</section>
<form class="filters"><label>Search <input name="q" placeholder="Filter rows"></label><select name="range"><option>7 days</option><option selected>30 days</option></select><button type="submit">Apply</button></form>
<figure>${chart}<figcaption>Sessions per day</figcaption></figure>
<canvas width="600" height="200"></canvas>
<table><thead><tr><th>#</th><th>Name</th><th>Value</th><th>Trend</th></tr></thead><tbody>
${rows}
</tbody></table>
<footer><p>Source: demo data &copy; Drawbridge</p></footer>
</div>`;
}

function splitIntoChunks(markup: string, count: number): string[] {
  const size = markup.length / count;
  return Array.from({ length: count }, (_, index) =>
    markup.slice(Math.round(index * size), Math.round((index + 1) * size)),
  );
}

const markup = realisticWidgetMarkup();
const chunks = splitIntoChunks(markup, chunkCount);

const builderBundle = await build({
  entryPoints: [new URL('../packages/frame/src/runtime/markup-builder.ts', import.meta.url).pathname],
  bundle: true,
  minify: true,
  format: 'iife',
  globalName: 'markupBuilderModule',
  write: false,
});
const morphdomSource = await readFile(
  new URL('../node_modules/morphdom/dist/morphdom-umd.js', import.meta.url),
  'utf8',
);
const idiomorphSource = await readFile(
  new URL('../node_modules/idiomorph/dist/idiomorph.js', import.meta.url),
  'utf8',
);

const [browser, server] = await Promise.all([launchBrowser(), startStaticServer()]);
try {
  // The frame's CSP refuses inline scripts, which is how the three implementations under test get in; the
  // iframe's own sandbox attribute still applies.
  const page = await browser.newPage({ bypassCSP: true });
  await page.goto(`${server.origin}/host.html`);
  await page.waitForFunction(
    () => (window as unknown as { received: Array<{ kind: string }> }).received.length > 0,
  );
  const frame = page.frames().find((candidate) => candidate.url().endsWith('/frame'))!;
  for (const content of [builderBundle.outputFiles[0]!.text, morphdomSource, idiomorphSource]) {
    await frame.addScriptTag({ content });
  }

  type Variant =
    | 'builder'
    | 'builder-coalesced'
    | 'builder-once'
    | 'morphdom'
    | 'idiomorph'
    | 'innerHTML'
    | 'innerHTML-once';
  const run = (variant: Variant) =>
    frame.evaluate(
      ({ variant, chunks, budgetMs }) => {
        const realm = window as unknown as {
          markupBuilderModule: {
            MarkupBuilder: new (options: {
              root: Element;
            }) => { append(delta: string): void; finish(): void };
          };
          morphdom: (from: Element, to: string) => void;
          Idiomorph: { morph: (from: Element, to: string, options: object) => void };
        };
        const root = document.createElement('div');
        document.getElementById('widget-root')!.replaceChildren(root);
        const started = performance.now();
        let applied = chunks.length;
        if (variant === 'innerHTML-once') {
          root.innerHTML = chunks.join('');
        } else if (variant.startsWith('builder')) {
          const builder = new realm.markupBuilderModule.MarkupBuilder({ root });
          const batch = variant === 'builder' ? 1 : variant === 'builder-coalesced' ? 16 : chunks.length;
          for (let index = 0; index < chunks.length; index += batch)
            builder.append(chunks.slice(index, index + batch).join(''));
          builder.finish();
        } else {
          let accumulated = '';
          for (let index = 0; index < chunks.length; index++) {
            // Inline, not a helper: tsx would name a helper with a function this page does not have.
            if (performance.now() - started > budgetMs) {
              applied = index;
              break;
            }
            accumulated += chunks[index];
            if (variant === 'morphdom') realm.morphdom(root, `<div>${accumulated}</div>`);
            else if (variant === 'idiomorph')
              realm.Idiomorph.morph(root, accumulated, { morphStyle: 'innerHTML' });
            else root.innerHTML = accumulated;
          }
        }
        const applyMs = performance.now() - started;
        void root.getBoundingClientRect();
        return {
          applied,
          applyMs,
          withLayoutMs: performance.now() - started,
          elements: root.querySelectorAll('*').length,
        };
      },
      { variant, chunks, budgetMs: variantBudgetMs },
    );

  const variants: Variant[] = [
    'builder',
    'builder-coalesced',
    'morphdom',
    'idiomorph',
    'innerHTML',
    'builder-once',
    'innerHTML-once',
  ];
  const notes: Record<Variant, string> = {
    builder: 'one apply per chunk',
    'builder-coalesced': '16 chunks per apply (one animation frame)',
    morphdom: 'whole accumulated markup morphed per chunk',
    idiomorph: 'whole accumulated markup morphed per chunk',
    innerHTML: 'whole accumulated markup re-parsed per chunk (loses nodes)',
    'builder-once': 'reference: the whole markup in one apply',
    'innerHTML-once': 'reference: the browser parser, once',
  };
  const rows: Array<Record<string, string | number>> = [];
  for (const variant of variants) {
    let measured = await run(variant);
    // A second run for the fast variants, so the figure is not the first, cold one.
    if (measured.applyMs < 1000) measured = await run(variant);
    const finished = measured.applied === chunkCount;
    rows.push({
      variant,
      'apply ms': finished ? Number(measured.applyMs.toFixed(1)) : `> ${variantBudgetMs}`,
      'apply + layout ms': finished ? Number(measured.withLayoutMs.toFixed(1)) : '-',
      elements: finished ? measured.elements : '-',
      note: finished
        ? notes[variant]
        : `stopped after ${measured.applied} of ${chunkCount} chunks; ${notes[variant]}`,
    });
  }
  console.log(
    `markup: ${(markup.length / 1024).toFixed(1)} KB in ${chunkCount} chunks, applied inside the sandboxed frame`,
  );
  console.table(rows);
} finally {
  await browser.close();
  await server.close();
}
