/** A paste longer than this (characters or lines) becomes a block of its own instead of a screenful of bubble. */
export const largePasteCharacters = 2000;
export const largePasteLines = 40;

/** One piece of a user message as it is shown: typed text, or a block the user pasted. */
export type MessageSegment = { kind: 'text'; text: string } | { kind: 'pasted'; text: string };

function lineCount(text: string): number {
  return text.split('\n').length;
}

/** Whether pasted (or sent) text is long enough to show as a collapsed block. */
export function isLargeText(text: string): boolean {
  return text.length > largePasteCharacters || lineCount(text) > largePasteLines;
}

/**
 * A pasted block as it is sent: a markdown fence longer than any run of backticks inside it, so the model
 * reads it as one quoted block and the transcript can find it again.
 */
export function fencePastedText(text: string): string {
  const longestRun = Math.max(0, ...[...text.matchAll(/`+/g)].map((match) => match[0].length));
  const fence = '`'.repeat(Math.max(3, longestRun + 1));
  return `${fence}\n${text.replace(/\n+$/, '')}\n${fence}`;
}

/** The message a composer sends: what was typed, then each pasted block fenced, a blank line apart. */
export function composeMessage({ typed, pasted }: { typed: string; pasted: readonly string[] }): string {
  return [typed.trim(), ...pasted.map(fencePastedText)].filter((part) => part !== '').join('\n\n');
}

const fencedBlockPattern = /^(`{3,})[^\n`]*\n([\s\S]*?)\n\1[ \t]*$/gm;

/**
 * Splits a user message into what to show as text and what to show as pasted blocks: a fenced block that
 * is large, or a whole message that is large with no fence (pasted before this existed, or typed).
 */
export function messageSegments(text: string): MessageSegment[] {
  const segments: MessageSegment[] = [];
  let position = 0;
  for (const match of text.matchAll(fencedBlockPattern)) {
    const body = match[2] ?? '';
    if (!isLargeText(body)) continue;
    const before = text.slice(position, match.index).trim();
    if (before !== '') segments.push({ kind: 'text', text: before });
    segments.push({ kind: 'pasted', text: body });
    position = match.index + match[0].length;
  }
  const rest = text.slice(position).trim();
  if (rest !== '') segments.push({ kind: isLargeText(rest) ? 'pasted' : 'text', text: rest });
  return segments;
}

/** "57 lines · 3.1 KB": the size of a pasted block, for its label. */
export function describePastedText(text: string): string {
  const lines = lineCount(text);
  const bytes = new TextEncoder().encode(text).length;
  const size = bytes < 1024 ? `${bytes} B` : `${(bytes / 1024).toFixed(1)} KB`;
  return `${lines.toLocaleString('en-US')} ${lines === 1 ? 'line' : 'lines'} · ${size}`;
}
