import type { EvalCaseResult, EvalSummary } from './eval-summary.ts';

const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

interface Column {
  title: string;
  /** What the column sorts by; numbers sort numerically, a missing value last. */
  sortValue(result: EvalCaseResult): string | number | null;
  cell(result: EvalCaseResult): string;
}

const number = (value: number | null | undefined): string =>
  value === null || value === undefined ? '–' : String(value);

const columns: Column[] = [
  {
    title: 'Case',
    sortValue: (result) => result.id,
    cell: (result) =>
      `<strong>${escapeHtml(result.id)}</strong><p class="prompt">${escapeHtml(result.prompt)}</p>` +
      (result.screenshot === null
        ? '<p class="none">no screenshot</p>'
        : `<a href="${encodeURIComponent(result.screenshot)}"><img loading="lazy" src="${encodeURIComponent(result.screenshot)}" alt="${escapeHtml(result.id)}, light and dark"></a>`),
  },
  {
    title: 'Passed',
    sortValue: (result) => (result.passed ? 1 : 0),
    cell: (result) => (result.passed ? '<span class="pass">pass</span>' : '<span class="fail">fail</span>'),
  },
  {
    title: 'Problems',
    sortValue: (result) => result.problems.length,
    cell: (result) =>
      result.problems.length === 0
        ? ''
        : `<ul>${result.problems
            .map(
              (problem) =>
                `<li><code>${problem.code}</code> <em>${problem.phase}</em> ${escapeHtml(problem.message)}${
                  problem.action === undefined
                    ? ''
                    : ` <span class="action">after: ${escapeHtml(problem.action)}</span>`
                }</li>`,
            )
            .join('')}</ul>`,
  },
  {
    title: 'Kind',
    sortValue: (result) => result.kinds.join(' '),
    cell: (result) => escapeHtml(result.kinds.join(', ')),
  },
  {
    title: 'Input tokens',
    sortValue: (result) => result.tokens.input,
    cell: (result) => number(result.tokens.input),
  },
  {
    title: 'Cached input tokens',
    sortValue: (result) => result.tokens.cachedInput ?? null,
    cell: (result) => number(result.tokens.cachedInput ?? null),
  },
  {
    title: 'Output tokens',
    sortValue: (result) => result.tokens.output,
    cell: (result) => number(result.tokens.output),
  },
  {
    title: 'CSS before markup (chars)',
    sortValue: (result) => result.cssBeforeMarkup ?? null,
    cell: (result) => number(result.cssBeforeMarkup ?? null),
  },
  {
    title: 'First event (s)',
    sortValue: (result) => result.seconds.firstEvent,
    cell: (result) => number(result.seconds.firstEvent),
  },
  {
    title: 'First markup (s)',
    sortValue: (result) => result.seconds.firstMarkup ?? null,
    cell: (result) => number(result.seconds.firstMarkup ?? null),
  },
  {
    title: 'Widget complete (s)',
    sortValue: (result) => result.seconds.widgetComplete,
    cell: (result) => number(result.seconds.widgetComplete),
  },
  {
    title: 'axe serious + critical',
    sortValue: (result) =>
      result.scores.accessibility === undefined
        ? null
        : result.scores.accessibility.serious + result.scores.accessibility.critical,
    cell: (result) => {
      const score = result.scores.accessibility;
      if (score === undefined) return '–';
      return `${score.serious + score.critical}${score.rules.length ? `<br><small>${escapeHtml(score.rules.join(', '))}</small>` : ''}`;
    },
  },
  {
    title: 'Size (px)',
    sortValue: (result) => result.scores.size?.height ?? null,
    cell: (result) => {
      const size = result.scores.size;
      return size === undefined
        ? '–'
        : `${size.width}×${size.height}${size.overflowsHorizontally ? '<br><small>overflows</small>' : ''}`;
    },
  },
  {
    title: 'Pokes',
    sortValue: (result) => result.scores.interaction?.actions ?? null,
    cell: (result) => {
      const interaction = result.scores.interaction;
      if (interaction === undefined) return '–';
      return `${interaction.actions}${interaction.skipped > 0 ? `<br><small>${interaction.skipped} skipped</small>` : ''}`;
    },
  },
  {
    title: 'Dark theme',
    sortValue: (result) =>
      result.scores.darkTheme === undefined ? null : result.scores.darkTheme.follows ? 1 : 0,
    cell: (result) => {
      const theme = result.scores.darkTheme;
      if (theme === undefined) return '–';
      return `${theme.follows ? 'follows' : '<span class="fail">ignores</span>'}<br><small>light surface ${theme.lightSurfaceShare}, low contrast ${theme.lowContrastShare} of ${theme.textElements} texts</small>`;
    },
  },
];

const sortScript = `
document.querySelectorAll('th button').forEach((button, column) => {
  button.addEventListener('click', () => {
    const body = document.querySelector('tbody');
    const ascending = button.dataset.direction !== 'ascending';
    document.querySelectorAll('th button').forEach((other) => { other.dataset.direction = ''; other.closest('th').removeAttribute('aria-sort'); });
    button.dataset.direction = ascending ? 'ascending' : 'descending';
    button.closest('th').setAttribute('aria-sort', button.dataset.direction);
    const key = (row) => { const value = row.children[column].dataset.sort; return value === '' ? null : isNaN(Number(value)) ? value : Number(value); };
    const rows = Array.from(body.rows).sort((first, second) => {
      const a = key(first), b = key(second);
      if (a === null || b === null) return a === b ? 0 : a === null ? 1 : -1;
      const order = typeof a === 'number' && typeof b === 'number' ? a - b : String(a).localeCompare(String(b));
      return ascending ? order : -order;
    });
    body.append(...rows);
  });
});`;

/** `index.html`: every case with its light and dark picture, problems, tokens, timings and scores; click a heading to sort. */
export function renderContactSheet({ summary }: { summary: EvalSummary }): string {
  const rows = summary.cases
    .map(
      (result) =>
        `<tr class="${result.passed ? 'passed' : 'failed'}">${columns
          .map(
            (column) =>
              `<td data-sort="${escapeHtml(String(column.sortValue(result) ?? ''))}">${column.cell(result)}</td>`,
          )
          .join('')}</tr>`,
    )
    .join('\n');
  const percent = Math.round(summary.passRate * 1000) / 10;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Drawbridge eval: ${escapeHtml(summary.model.id)}, ${percent}% passed</title>
<style>
body{font:14px/1.4 system-ui,sans-serif;margin:24px;color:#1d2330}
table{border-collapse:collapse;width:100%}th,td{border-bottom:1px solid #dde2ea;padding:8px;vertical-align:top;text-align:left}
th button{font:inherit;font-weight:600;background:none;border:0;padding:0;cursor:pointer;color:inherit}
th button[data-direction="ascending"]::after{content:" ▲"}th button[data-direction="descending"]::after{content:" ▼"}
img{max-width:min(560px,30vw);display:block;margin-top:6px;border:1px solid #dde2ea}
.prompt{margin:4px 0;color:#6b7385;max-width:min(560px,30vw)}.pass{color:#137333;font-weight:600}.fail{color:#b3261e;font-weight:600}
ul{margin:0;padding-left:18px}code{font-size:12px}.action{color:#6b7385}.none{color:#6b7385}
</style>
</head>
<body>
<h1>Drawbridge eval</h1>
<p>Model <strong>${escapeHtml(summary.model.id)}</strong>${summary.model.demo ? ' (offline demo)' : ''}, suite ${escapeHtml(summary.suite)},
started ${escapeHtml(summary.startedAt)}, ${summary.seconds} s: <strong>${summary.passed} of ${summary.total} passed (${percent}%)</strong>.</p>
<table>
<thead><tr>${columns.map((column) => `<th scope="col"><button type="button">${column.title}</button></th>`).join('')}</tr></thead>
<tbody>
${rows}
</tbody>
</table>
<script>${sortScript}</script>
</body>
</html>
`;
}
