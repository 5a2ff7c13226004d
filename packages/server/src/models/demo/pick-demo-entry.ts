import type { DemoEntry } from './demo-catalogue.ts';

/** Whether the run offers every tool the entry's script calls, and an edit has the widget it was written for. */
function isEligible(entry: DemoEntry, offeredTools: ReadonlySet<string>, editableText: string): boolean {
  if (entry.edits !== undefined && !editableText.includes(entry.edits)) return false;
  return (entry.requiresTools ?? []).every((tool) => offeredTools.has(tool));
}

/**
 * The eligible entry whose keywords the text hits most (ties go to the earlier entry), or undefined when
 * none hits. An entry that uses the offered tools wins a tie against one that ignores them: an agent given
 * tools answers with them. An edit of the widget on screen that the text hits at all wins over every entry
 * that draws something new: a follow-up ("make it dark", a repair request quoting the widget's code, whose
 * words would pick other widgets) is about what is already there.
 */
export function pickDemoEntry({
  catalogue,
  userText,
  offeredTools = new Set(),
  editableText = '',
}: {
  catalogue: readonly DemoEntry[];
  userText: string;
  offeredTools?: ReadonlySet<string>;
  /** The wire text of the widget quoted last in the conversation, which an edit entry must fit. */
  editableText?: string;
}): DemoEntry | undefined {
  const text = userText.toLowerCase();
  let best: DemoEntry | undefined;
  let bestScore = 0;
  for (const entry of catalogue) {
    if (!isEligible(entry, offeredTools, editableText)) continue;
    const hits = countKeywordHits({ keywords: entry.keywords, text });
    const editBonus = entry.edits === undefined ? 0 : 1000;
    const score =
      hits > 0 && ((entry.requiresTools?.length ?? 0) > 0 || editBonus > 0) ? hits + 0.5 + editBonus : hits;
    if (score > bestScore) {
      best = entry;
      bestScore = score;
    }
  }
  return best;
}

/** The fallback for a prompt nothing matches: the keyword-less eligible entry that uses the most offered tools. */
export function pickFallbackEntry({
  catalogue,
  offeredTools = new Set(),
}: {
  catalogue: readonly DemoEntry[];
  offeredTools?: ReadonlySet<string>;
}): DemoEntry | undefined {
  return catalogue
    .filter((entry) => entry.keywords.length === 0 && isEligible(entry, offeredTools, ''))
    .sort((first, second) => (second.requiresTools?.length ?? 0) - (first.requiresTools?.length ?? 0))[0];
}

/** How many distinct keywords occur in the (lower-cased) text as whole words, a plural `s`/`es` allowed. */
export function countKeywordHits({ keywords, text }: { keywords: readonly string[]; text: string }): number {
  const distinct = new Set(keywords.map((keyword) => keyword.trim().toLowerCase()).filter(Boolean));
  let hits = 0;
  for (const keyword of distinct) {
    if (keywordPattern(keyword).test(text)) hits += 1;
  }
  return hits;
}

// Whole-word matching keeps "cat" from firing on "catalogue" while "chart" still matches "charts".
function keywordPattern(keyword: string): RegExp {
  const escaped = keyword.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`(?<![\\p{L}\\p{N}])${escaped}(?:s|es)?(?![\\p{L}\\p{N}])`, 'u');
}
