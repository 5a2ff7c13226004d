import { maximumThreadTitleLength, oneLineTitle } from '@drawbridge/protocol';

/** Longest title kept (the rename body's limit); a longer first message is cut at a word boundary with an ellipsis. */
export { maximumThreadTitleLength };

/** The title shown for a thread whose first message has not arrived yet. */
export const untitledThreadTitle = 'New chat';

/** Turns a first user message (or a requested name) into a one-line title of at most ~60 characters. */
export function threadTitleFromText(text: string): string {
  const oneLine = oneLineTitle(text);
  if (oneLine === '') return untitledThreadTitle;
  if (oneLine.length <= maximumThreadTitleLength) return oneLine;
  const cut = oneLine.slice(0, maximumThreadTitleLength - 1);
  const lastSpace = cut.lastIndexOf(' ');
  // Cutting at a word boundary reads better, unless that would throw most of the title away.
  const wordBoundaryCut = lastSpace > maximumThreadTitleLength / 2 ? cut.slice(0, lastSpace) : cut;
  return `${wordBoundaryCut.trimEnd()}…`;
}
