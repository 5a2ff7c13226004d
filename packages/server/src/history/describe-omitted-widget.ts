import { widgetLineageId, widgetRevisionNumber } from '@drawbridge/protocol';
import type { StoredWidget } from '../store/store.ts';

const longestLabel = 80;

// Each pattern captures a human-readable name for the widget; the earliest match in the markup wins.
const labelPatterns: readonly RegExp[] = [
  /<h[1-6]\b[^>]*>([\s\S]*?)<\/h[1-6]\s*>/i,
  /<title\b[^>]*>([\s\S]*?)<\/title\s*>/i,
  /\baria-label\s*=\s*"([^"]*)"/i,
  /\baria-label\s*=\s*'([^']*)'/i,
  /\btitle\s*=\s*"([^"]*)"/i,
  /\btitle\s*=\s*'([^']*)'/i,
];

const namedEntities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, entity: string) => {
    if (entity[0] === '#') {
      const codePoint =
        entity[1] === 'x' || entity[1] === 'X'
          ? Number.parseInt(entity.slice(2), 16)
          : Number.parseInt(entity.slice(1), 10);
      return codePoint > 0 && codePoint <= 0x10ffff ? String.fromCodePoint(codePoint) : whole;
    }
    return namedEntities[entity.toLowerCase()] ?? whole;
  });
}

function cleanLabel(rawMarkup: string): string {
  const text = decodeEntities(rawMarkup.replace(/<[^>]*>/g, ' '))
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > longestLabel ? `${text.slice(0, longestLabel - 1).trimEnd()}…` : text;
}

/** The first heading, `<title>`, `aria-label` or `title` text in the markup, or undefined when there is none. */
export function findWidgetLabel(html: string): string | undefined {
  let earliest: { index: number; label: string } | undefined;
  for (const pattern of labelPatterns) {
    const match = pattern.exec(html);
    if (match?.[1] === undefined) continue;
    const label = cleanLabel(match[1]);
    if (label === '') continue;
    if (earliest === undefined || match.index < earliest.index) earliest = { index: match.index, label };
  }
  return earliest?.label;
}

/** The line that names a widget revision for the model, the id an edit (`@@EDIT:id@@`) takes. */
export function widgetRevisionLabel(widget: StoredWidget): string {
  return `widget ${widgetLineageId(widget)}, revision ${widgetRevisionNumber(widget)}`;
}

/**
 * One line that stands in for an older widget (or an older revision of one), so the model knows it drew
 * something without re-reading it; an edit that failed says why, since the widget did not change, and so does
 * a widget the server stopped at a limit, which nobody saw.
 */
export function describeOmittedWidget(widget: StoredWidget): string {
  const failure = widget.revision?.failure;
  if (failure !== undefined)
    return `[edit of widget ${widgetLineageId(widget)} failed, nothing changed: ${failure.message}]`;
  if (widget.refusal !== undefined)
    return `[${widgetRevisionLabel(widget)} was stopped and not shown: ${widget.refusal.message}]`;
  const bytes = Buffer.byteLength(widget.css + widget.html + widget.js, 'utf8');
  const size = `${(bytes / 1024).toFixed(1)} KB of CSS/HTML/JS omitted`;
  const label = findWidgetLabel(widget.html);
  // JSON.stringify quotes the label and escapes any quote inside it.
  return label === undefined
    ? `[${widgetRevisionLabel(widget)}, shown earlier, ${size}]`
    : `[${widgetRevisionLabel(widget)}, shown earlier: ${JSON.stringify(label)}, ${size}]`;
}
