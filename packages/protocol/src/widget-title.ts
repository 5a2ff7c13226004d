const longestTitle = 80;
const longestFileStem = 60;

const entities: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
};

/** Markup text as it reads: tags dropped, common entities decoded, whitespace collapsed. */
function plainText(markup: string): string {
  return markup
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (entity, name: string) => {
      if (name[0] !== '#') return entities[name.toLowerCase()] ?? entity;
      const code =
        name[1]?.toLowerCase() === 'x' ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
      return Number.isInteger(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : entity;
    })
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * The title a widget gives itself, read from its markup: a `<title>`, else its first `h1`–`h3`, else its
 * first `aria-label`; as plain text, at most 80 characters; `undefined` when it names itself nowhere. One
 * definition for the frame's accessible title, the standalone file's `<title>` and its download name.
 */
export function widgetTitle(html: string): string | undefined {
  const candidates = [
    /<title[^>]*>([\s\S]{0,400}?)<\/title>/i.exec(html)?.[1],
    /<h([1-3])[^>]*>([\s\S]{0,400}?)<\/h\1>/i.exec(html)?.[2],
    /aria-label="([^"]{1,200})"/i.exec(html)?.[1],
  ];
  for (const candidate of candidates) {
    const text = candidate === undefined ? '' : plainText(candidate);
    if (text !== '')
      return text.length > longestTitle ? `${text.slice(0, longestTitle - 1).trimEnd()}…` : text;
  }
  return undefined;
}

/**
 * The file name a widget downloads as: its title in lower-case words joined by hyphens ("dice-roller.html";
 * letters of any script kept, everything a file system or a header could trip on dropped), or
 * `drawbridge-widget-<id>.html` when it has no title to go by.
 */
export function widgetFileName({ html, id }: { html: string; id: string }): string {
  const stem = (widgetTitle(html) ?? '')
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .slice(0, longestFileStem)
    .replace(/^-+|-+$/g, '');
  return `${stem === '' ? `drawbridge-widget-${id}` : stem}.html`;
}
