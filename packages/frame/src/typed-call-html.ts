import {
  renderChartArgsSchema,
  renderFormArgsSchema,
  renderImageArgsSchema,
  renderTableArgsSchema,
} from '@drawbridge/protocol';

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"]/g, (character) => `&#${character.charCodeAt(0)};`);
}

const cellText = (value: unknown): string => (value === null || value === undefined ? '' : String(value));

function tableHtml(head: readonly string[], rows: readonly (readonly unknown[])[]): string {
  const header = head.map((label) => `<th scope="col">${escapeHtml(label)}</th>`).join('');
  const body = rows
    .map((row) => `<tr>${row.map((cell) => `<td>${escapeHtml(cellText(cell))}</td>`).join('')}</tr>`)
    .join('\n');
  return `<div class="typed__scroll"><table><thead><tr>${header}</tr></thead><tbody>\n${body}\n</tbody></table></div>`;
}

/** What the app draws for each of its typed components, as static markup: a copy that runs no script. */
const typedRenderers: Record<string, (args: unknown) => string | undefined> = {
  render_table(args) {
    const parsed = renderTableArgsSchema.safeParse(args);
    if (!parsed.success) return undefined;
    const { title, columns, rows } = parsed.data;
    return `<figure class="typed">${title === undefined ? '' : `<figcaption>${escapeHtml(title)}</figcaption>`}${tableHtml(
      columns.map((column) => column.label),
      rows.map((row) => columns.map((column) => row[column.key])),
    )}</figure>`;
  },
  // A chart's copy is its data: the table a screen reader gets beside the drawing in the app.
  render_chart(args) {
    const parsed = renderChartArgsSchema.safeParse(args);
    if (!parsed.success) return undefined;
    const { title, kind, labels, series, unit } = parsed.data;
    const caption = `${title} — ${kind} chart${unit === undefined ? '' : `, in ${unit}`}`;
    return `<figure class="typed"><figcaption>${escapeHtml(caption)}</figcaption>${tableHtml(
      ['', ...series.map((one) => one.name)],
      labels.map((label, index) => [label, ...series.map((one) => one.values[index])]),
    )}</figure>`;
  },
  // The page loads nothing from elsewhere: the picture is a link to where it is.
  render_image(args) {
    const parsed = renderImageArgsSchema.safeParse(args);
    if (!parsed.success) return undefined;
    const { url, alt, caption } = parsed.data;
    return `<figure class="typed"><a href="${escapeHtml(url)}" rel="noreferrer noopener">Picture: ${escapeHtml(alt)}</a>${caption === undefined ? '' : `<figcaption>${escapeHtml(caption)}</figcaption>`}</figure>`;
  },
  render_form(args) {
    const parsed = renderFormArgsSchema.safeParse(args);
    if (!parsed.success) return undefined;
    const { title, description, fields } = parsed.data;
    const items = fields
      .map((field) => `<li>${escapeHtml(field.label)}${field.required ? ' (required)' : ''}</li>`)
      .join('');
    return `<figure class="typed"><figcaption>${escapeHtml(title ?? 'A form')}</figcaption>${description === undefined ? '' : `<p>${escapeHtml(description)}</p>`}<ul>${items}</ul></figure>`;
  },
};

/**
 * A typed tool call (`render_chart` and the other components the app draws, or a tool of the team's own) as
 * static markup for an exported or shared conversation: the four built-in components as the table, link or
 * field list they show; anything else — a tool this file does not know, or arguments its schema refuses — as
 * its name and its data, so nothing the reader saw is silently left out.
 */
export function typedCallHtml({ tool, args }: { tool: string; args: unknown }): string {
  const drawn = Object.hasOwn(typedRenderers, tool) ? typedRenderers[tool]?.(args) : undefined;
  if (drawn !== undefined) return drawn;
  return `<details class="typed"><summary>${escapeHtml(tool)}: drawn in the app; its data here</summary><pre>${escapeHtml(
    JSON.stringify(args, null, 2) ?? 'null',
  )}</pre></details>`;
}
