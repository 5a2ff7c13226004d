import type { DemoEntry } from './demo-catalogue.ts';

/** The entry whose keywords the text hits most (ties go to the earlier entry), or undefined when none hits. */
export function pickDemoEntry({
  catalogue,
  userText,
}: {
  catalogue: readonly DemoEntry[];
  userText: string;
}): DemoEntry | undefined {
  const text = userText.toLowerCase();
  let best: DemoEntry | undefined;
  let bestScore = 0;
  for (const entry of catalogue) {
    const score = countKeywordHits({ keywords: entry.keywords, text });
    if (score > bestScore) {
      best = entry;
      bestScore = score;
    }
  }
  return best;
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
