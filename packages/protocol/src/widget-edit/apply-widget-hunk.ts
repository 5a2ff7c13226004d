/**
 * Applies one hunk as it travels on the wire (a widget part with `search`): the first exact occurrence of
 * `search` in `text` becomes `delta`. Undefined when `text` does not hold `search` (a reader without the
 * base the hunk was written against). The server resolved the model's hunk to text that occurs here exactly
 * (`applySearchReplace` also matches ignoring indentation); every reader — the reply reducer, the frame
 * runtime — applies it with this one function.
 *
 * No zod here: the frame runtime bundles this file (`@drawbridge/protocol/widget-hunk`).
 */
export function applyWidgetHunk(text: string, search: string, delta: string): string | undefined {
  const at = text.indexOf(search);
  if (search === '' || at === -1) return undefined;
  return text.slice(0, at) + delta + text.slice(at + search.length);
}
