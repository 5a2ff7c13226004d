/**
 * How one search/replace hunk went: the part's new text and the text it replaced (`matched`, at `start`: the
 * search text itself, or the lines it matched once indentation was ignored), or why it could not be applied.
 */
export type SearchReplaceOutcome =
  | { applied: true; text: string; exact: boolean; start: number; matched: string }
  | { applied: false; reason: 'empty_search' | 'hunk_not_found' };

/** Where each line of `text` starts and ends (before its line break), and its text with blanks trimmed. */
function trimmedLines(text: string): { starts: number[]; ends: number[]; lines: string[] } {
  const starts: number[] = [];
  const ends: number[] = [];
  const lines: string[] = [];
  let start = 0;
  for (;;) {
    const lineBreak = text.indexOf('\n', start);
    const end = lineBreak === -1 ? text.length : lineBreak;
    starts.push(start);
    ends.push(end);
    lines.push(text.slice(start, end).trim());
    if (lineBreak === -1) break;
    start = lineBreak + 1;
  }
  return { starts, ends, lines };
}

/**
 * Finds the search lines in the text ignoring each line's indentation and trailing blanks (models re-indent
 * what they quote), and returns where the match starts and ends in the text.
 */
function findIgnoringIndentation(text: string, search: string): { start: number; end: number } | undefined {
  const wanted = trimmedLines(search.replace(/\n$/, '')).lines;
  if (wanted.every((line) => line === '')) return undefined;
  const { starts, ends, lines } = trimmedLines(text);
  for (let first = 0; first + wanted.length <= lines.length; first += 1) {
    let matches = true;
    for (let offset = 0; offset < wanted.length && matches; offset += 1)
      matches = lines[first + offset] === wanted[offset];
    if (!matches) continue;
    const lastEnd = ends[first + wanted.length - 1]!;
    // The match takes the line break after its last line when the search text ended with one.
    const end = search.endsWith('\n') && lastEnd < text.length ? lastEnd + 1 : lastEnd;
    return { start: starts[first]!, end };
  }
  return undefined;
}

/**
 * Applies one hunk of an edit to one part: the first exact occurrence of `search` becomes `replace`; when there
 * is none, the first place whose lines match once indentation is ignored. An empty search never matches.
 */
export function applySearchReplace({
  text,
  search,
  replace,
}: {
  text: string;
  search: string;
  replace: string;
}): SearchReplaceOutcome {
  if (search.trim() === '') return { applied: false, reason: 'empty_search' };
  const at = text.indexOf(search);
  if (at !== -1)
    return {
      applied: true,
      exact: true,
      text: text.slice(0, at) + replace + text.slice(at + search.length),
      start: at,
      matched: search,
    };
  const loose = findIgnoringIndentation(text, search);
  if (loose === undefined) return { applied: false, reason: 'hunk_not_found' };
  return {
    applied: true,
    exact: false,
    text: text.slice(0, loose.start) + replace + text.slice(loose.end),
    start: loose.start,
    matched: text.slice(loose.start, loose.end),
  };
}
