import type { DemoEntry } from './demo-catalogue.ts';
import { splitPastedCode } from './split-pasted-code.ts';

/** Whether the run offers every tool the entry's script calls, and an edit has the widget it was written for. */
function isEligible(entry: DemoEntry, offeredTools: ReadonlySet<string>, editableText: string): boolean {
  if (entry.edits !== undefined && !editableText.includes(entry.edits)) return false;
  return (entry.requiresTools ?? []).every((tool) => offeredTools.has(tool));
}

// An answer to an invitation the demo itself made (a widget's button, a form) is recognised by its exact
// words and beats everything; an edit of the widget on screen beats drawing something new.
const invitationBonus = 2000;
const editBonus = 1000;
// Using the offered tools wins a tie: an agent given tools answers with them.
const toolBonus = 0.5;

/**
 * The eligible entry that fits the text best (ties go to the earlier entry), or undefined when none does.
 * An entry with a `pattern` that matches the whole message wins: it answers something the demo's own widgets
 * send. Otherwise keywords decide: each hit counts as many points as it has words ("by region" is worth more
 * than "revenue"), a weak keyword half a point. An edit of the widget on screen that the text hits at all wins
 * over every entry that draws something new: a follow-up ("make it dark", a repair request quoting the
 * widget's code, whose words would pick other widgets) is about what is already there. Code pasted into the
 * message is not read for keywords (a `new THREE.Line(…)` is not a request for a line chart); a message that
 * carried code and matched nothing else gets the entry that answers pasted code.
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
  const { prose, hasCode } = splitPastedCode(userText);
  const text = prose.toLowerCase();
  let best: DemoEntry | undefined;
  let bestScore = 0;
  for (const entry of catalogue) {
    if (!isEligible(entry, offeredTools, editableText)) continue;
    const score = scoreOf({ entry, text, wholeMessage: userText.trim() });
    if (score > bestScore) {
      best = entry;
      bestScore = score;
    }
  }
  if (best !== undefined || !hasCode) return best;
  return catalogue.find((entry) => entry.answersPastedCode === true && isEligible(entry, offeredTools, ''));
}

function scoreOf({
  entry,
  text,
  wholeMessage,
}: {
  entry: DemoEntry;
  text: string;
  wholeMessage: string;
}): number {
  if (entry.pattern !== undefined) return entry.pattern.test(wholeMessage) ? invitationBonus : 0;
  const hits =
    countKeywordHits({ keywords: entry.keywords, text }) +
    countKeywordHits({ keywords: entry.weakKeywords ?? [], text }) / 2;
  if (hits === 0) return 0;
  if (entry.edits !== undefined) return hits + toolBonus + editBonus;
  return (entry.requiresTools?.length ?? 0) > 0 ? hits + toolBonus : hits;
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
    .filter((entry) => isFallback(entry) && isEligible(entry, offeredTools, ''))
    .sort((first, second) => (second.requiresTools?.length ?? 0) - (first.requiresTools?.length ?? 0))[0];
}

/** An entry that answers whatever nothing else does: no keywords, no pattern, not the answer to pasted code. */
export function isFallback(entry: DemoEntry): boolean {
  return (
    entry.keywords.length === 0 &&
    (entry.weakKeywords ?? []).length === 0 &&
    entry.pattern === undefined &&
    entry.answersPastedCode !== true
  );
}

/**
 * The points the (lower-cased) text scores on distinct keywords that occur in it as whole words, a plural
 * `s`/`es` allowed: as many for each hit as the keyword has words.
 */
export function countKeywordHits({ keywords, text }: { keywords: readonly string[]; text: string }): number {
  const distinct = new Set(keywords.map((keyword) => keyword.trim().toLowerCase()).filter(Boolean));
  let hits = 0;
  for (const keyword of distinct) {
    if (keywordPattern(keyword).test(text)) hits += keyword.split(/\s+/).length;
  }
  return hits;
}

// Whole-word matching keeps "cat" from firing on "catalogue" while "chart" still matches "charts".
function keywordPattern(keyword: string): RegExp {
  const escaped = keyword.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`(?<![\\p{L}\\p{N}])${escaped}(?:s|es)?(?![\\p{L}\\p{N}])`, 'u');
}
