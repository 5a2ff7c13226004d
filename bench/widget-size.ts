import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { countTokens } from 'gpt-tokenizer/encoding/o200k_base';
import { mergeAdjacentChunks, parseWidgetReply } from '../packages/protocol/src/index.ts';
import { demoCatalogue } from '../packages/server/src/models/demo/demo-catalogue.ts';
import { median } from './support/statistics.ts';

/**
 * How much a widget costs the user before they see it: per generated widget of the demo catalogue, the
 * characters of the whole reply (what the model writes), of its CSS (all of it comes before the first markup,
 * so every character of it is time with nothing to see), markup and script, and the reply's o200k tokens; then
 * the medians. With `--against <git revision>` the same figures for the catalogue's replies at that revision
 * stand beside them (a reply missing there is left out of its median), so a change to the catalogue (the kit
 * rewrite: `--against da727c1`) shows what it saved.
 *
 *     npx tsx bench/widget-size.ts [--against <revision>]
 */

const { values } = parseArgs({ options: { against: { type: 'string' } } });
const repositoryRoot = fileURLToPath(new URL('../', import.meta.url));

interface WidgetSize {
  reply: number;
  css: number;
  html: number;
  js: number;
  tokens: number;
}

/** The sizes of a reply that draws a new widget, or undefined for prose, edits and tool-call scripts. */
function widgetSize(reply: string): WidgetSize | undefined {
  const chunks = mergeAdjacentChunks(parseWidgetReply(reply));
  if (!chunks.some((chunk) => chunk.type === 'html') || chunks.some((chunk) => chunk.type === 'edit'))
    return undefined;
  const length = (type: string) =>
    chunks.reduce(
      (sum, chunk) => sum + (chunk.type === type && 'delta' in chunk ? chunk.delta.length : 0),
      0,
    );
  return {
    reply: reply.length,
    css: length('css'),
    html: length('html'),
    js: length('js'),
    tokens: countTokens(reply, { disallowedSpecial: new Set() }),
  };
}

function replyAt(revision: string, file: string): string | undefined {
  try {
    return execFileSync('git', ['show', `${revision}:${relative(repositoryRoot, file)}`], {
      cwd: repositoryRoot,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    });
  } catch {
    return undefined;
  }
}

const rows = demoCatalogue
  .filter((entry) => entry.file.endsWith('.txt') && entry.edits === undefined)
  .map((entry) => {
    const now = widgetSize(readFileSync(entry.file, 'utf8'));
    const before = values.against === undefined ? undefined : replyAt(values.against, entry.file);
    return { id: entry.id, now, before: before === undefined ? undefined : widgetSize(before) };
  })
  .filter(
    (row): row is { id: string; now: WidgetSize; before: WidgetSize | undefined } => row.now !== undefined,
  );

const columns = ['reply', 'css', 'html', 'js', 'tokens'] as const;
const pad = (text: string | number, width: number) => String(text).padStart(width);
const cell = (now: number, before: number | undefined) =>
  before === undefined ? pad(now, 7) : `${pad(before, 6)} → ${pad(now, 6)}`;
const width = values.against === undefined ? 7 : 15;

console.log(
  `generated widgets of the demo catalogue: ${rows.length}${values.against === undefined ? '' : `, before (${values.against}) → now`}`,
);
console.log(`${'widget'.padEnd(22)} | ${columns.map((name) => pad(name, width)).join(' | ')}`);
for (const row of rows) {
  console.log(
    `${row.id.padEnd(22)} | ${columns.map((name) => cell(row.now[name], row.before?.[name])).join(' | ')}`,
  );
}
const medianOf = (sizes: WidgetSize[], name: (typeof columns)[number]) =>
  median(sizes.map((size) => size[name]));
const nowSizes = rows.map((row) => row.now);
const beforeSizes = rows.flatMap((row) => (row.before === undefined ? [] : [row.before]));
console.log(
  `${'median'.padEnd(22)} | ${columns
    .map((name) =>
      cell(medianOf(nowSizes, name), beforeSizes.length > 0 ? medianOf(beforeSizes, name) : undefined),
    )
    .join(' | ')}`,
);
if (beforeSizes.length > 0) {
  const change = (name: (typeof columns)[number]) => {
    const before = medianOf(beforeSizes, name);
    return `${name} ${before === 0 ? 'n/a' : `${Math.round((medianOf(nowSizes, name) / before - 1) * 100)}%`}`;
  };
  console.log(`median change: ${columns.map(change).join(', ')}`);
}
