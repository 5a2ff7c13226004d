import type { CsvTable } from './read-csv-table.ts';

/** The most bars the chart draws; the rest of the table is named in its caption. */
const maximumBars = 24;

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

function formatNumber(value: number): string {
  return value.toLocaleString('en-US', { maximumFractionDigits: 2 });
}

/**
 * A widget in the wire format that draws one numeric column of a CSV file as horizontal bars, labelled by the
 * first column: what the demo answers "chart this" with, from the file itself. Its script lets the reader sort
 * the bars by value or keep the file's order.
 */
export function csvChartWidget({
  table,
  valueColumn,
  fileName,
}: {
  table: CsvTable;
  valueColumn: number;
  fileName: string;
}): string {
  const rows = table.rows.slice(0, maximumBars).map((row) => ({
    label: row[0] ?? '',
    value: Number(row[valueColumn]),
  }));
  const largest = Math.max(...rows.map((row) => Math.abs(row.value)), 1);
  const valueName = table.header[valueColumn] ?? 'value';
  const labelName = table.header[0] ?? 'row';
  const more = table.rows.length - rows.length;
  const bars = rows
    .map(
      (row, index) =>
        `<li data-order="${index}" data-value="${row.value}"><span class="label">${escapeHtml(row.label)}</span><span class="track"><span class="bar" style="width:${((Math.abs(row.value) / largest) * 100).toFixed(1)}%"></span></span><span class="value">${formatNumber(row.value)}</span></li>`,
    )
    .join('\n');
  const height = Math.min(900, 120 + rows.length * 34);
  return [
    `@@HEIGHT:${height}@@`,
    '@@CSS@@',
    '.csv{font:14px/1.45 system-ui,-apple-system,"Segoe UI",sans-serif;color:var(--db-fg,#1a1d24);padding:16px;border:1px solid var(--db-border,#e3e5ea);border-radius:14px}',
    '.csv header{display:flex;flex-wrap:wrap;justify-content:space-between;align-items:center;gap:8px}',
    '.csv h3{margin:0;font-size:16px}',
    '.csv .subtitle{margin:2px 0 0;color:var(--db-muted,#6b7280);font-size:13px}',
    '.csv button{font:inherit;font-size:12px;padding:4px 10px;border:1px solid var(--db-border,#e3e5ea);border-radius:999px;background:var(--db-surface,#f5f6f8);color:var(--db-fg,#1a1d24);cursor:pointer}',
    '.csv button:focus-visible{outline:2px solid var(--db-accent,#4f6bff);outline-offset:2px}',
    '.csv ol{list-style:none;margin:12px 0 0;padding:0;display:grid;gap:6px}',
    '.csv li{display:grid;grid-template-columns:minmax(70px,28%) 1fr auto;align-items:center;gap:10px}',
    '.csv .label{overflow:hidden;text-overflow:ellipsis;white-space:nowrap}',
    '.csv .track{height:18px;border-radius:6px;background:var(--db-surface,#f5f6f8)}',
    '.csv .bar{display:block;height:100%;border-radius:6px;background:var(--db-accent,#4f6bff);transition:width .3s}',
    '.csv .value{font-variant-numeric:tabular-nums;color:var(--db-muted,#6b7280);font-size:13px}',
    '@@HTML@@',
    '<section class="csv" aria-labelledby="csv-title">',
    '<header><div>',
    `<h3 id="csv-title">${escapeHtml(valueName)} by ${escapeHtml(labelName)}</h3>`,
    `<p class="subtitle">From ${escapeHtml(fileName)}: ${table.rows.length} rows${more > 0 ? `, the first ${rows.length} drawn` : ''}</p>`,
    '</div><button type="button" aria-pressed="false">Sort by value</button></header>',
    `<ol aria-label="${escapeHtml(valueName)} by ${escapeHtml(labelName)}">`,
    bars,
    '</ol>',
    '</section>',
    '@@JS@@',
    "const list = document.querySelector('.csv ol');",
    "const button = document.querySelector('.csv button');",
    "button.addEventListener('click', () => {",
    "  const sorted = button.getAttribute('aria-pressed') !== 'true';",
    "  button.setAttribute('aria-pressed', String(sorted));",
    "  button.textContent = sorted ? 'File order' : 'Sort by value';",
    '  const items = [...list.children];',
    '  items.sort((first, second) => sorted ? second.dataset.value - first.dataset.value : first.dataset.order - second.dataset.order);',
    '  list.append(...items);',
    '});',
    '@@END@@',
  ].join('\n');
}
