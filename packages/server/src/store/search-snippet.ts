/** Characters of context kept on each side of a match. */
const contextLength = 40;

/**
 * The words around the first case-insensitive occurrence of `query` in `text`, on one line, with an
 * ellipsis where text was left out; `undefined` when `text` does not contain it.
 */
export function searchSnippet({ text, query }: { text: string; query: string }): string | undefined {
  const oneLine = text.replace(/\s+/g, ' ').trim();
  const needle = query.replace(/\s+/g, ' ').trim().toLowerCase();
  if (needle === '') return undefined;
  const index = oneLine.toLowerCase().indexOf(needle);
  if (index === -1) return undefined;
  let start = Math.max(0, index - contextLength);
  let end = Math.min(oneLine.length, index + needle.length + contextLength);
  // Widen to whole words, so a snippet never starts or ends inside one.
  if (start > 0) {
    const space = oneLine.lastIndexOf(' ', start);
    start = space === -1 ? 0 : space + 1;
  }
  if (end < oneLine.length) {
    const space = oneLine.indexOf(' ', end);
    end = space === -1 ? oneLine.length : space;
  }
  return `${start > 0 ? '…' : ''}${oneLine.slice(start, end)}${end < oneLine.length ? '…' : ''}`;
}
