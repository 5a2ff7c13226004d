/** A stretch of text, and whether it is what the search matched. */
export interface MatchSegment {
  text: string;
  match: boolean;
}

/** How much text a snippet keeps before its first match, so the match is near the start of a narrow line. */
const leadingContext = 24;

/**
 * The text cut into stretches that do and do not match `query` (case-insensitive, whitespace read as one
 * space, as the server searches), so each match can be marked.
 */
export function matchSegments(text: string, query: string): MatchSegment[] {
  const needle = query.replace(/\s+/g, ' ').trim().toLowerCase();
  if (needle === '') return [{ text, match: false }];
  const haystack = text.toLowerCase();
  const segments: MatchSegment[] = [];
  let from = 0;
  for (let at = haystack.indexOf(needle); at !== -1; at = haystack.indexOf(needle, at + needle.length)) {
    if (at > from) segments.push({ text: text.slice(from, at), match: false });
    segments.push({ text: text.slice(at, at + needle.length), match: true });
    from = at + needle.length;
  }
  if (from < text.length) segments.push({ text: text.slice(from), match: false });
  return segments;
}

/**
 * A search snippet with its first match brought near the start (the words before it cut at a word, marked
 * with an ellipsis), cut into matching and other stretches: a sidebar line is narrow, and a match past its
 * end is a match the reader cannot see.
 */
export function snippetSegments(snippet: string, query: string): MatchSegment[] {
  const segments = matchSegments(snippet, query);
  const first = segments.findIndex((segment) => segment.match);
  if (first <= 0) return segments;
  const before = segments[first - 1]!.text;
  if (before.length <= leadingContext) return segments;
  const tail = before.slice(before.length - leadingContext);
  const space = tail.indexOf(' ');
  const kept = space === -1 ? tail : tail.slice(space + 1);
  return [{ text: `…${kept}`, match: false }, ...segments.slice(first)];
}
