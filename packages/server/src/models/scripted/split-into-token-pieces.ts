export const smallestPieceLength = 1;
export const largestPieceLength = 12;

/**
 * Cuts text at random points, 1–12 UTF-16 units apart, the way a token stream arrives.
 * Markers may be cut anywhere (the widget parser must cope), but a surrogate pair never is:
 * half an emoji is not a string any real provider would send.
 */
export function splitIntoTokenPieces(text: string, random: () => number): string[] {
  const pieces: string[] = [];
  let start = 0;
  while (start < text.length) {
    const span = smallestPieceLength + Math.floor(random() * (largestPieceLength - smallestPieceLength + 1));
    let end = Math.min(text.length, start + span);
    if (end < text.length && isInsideSurrogatePair(text, end)) end += 1;
    pieces.push(text.slice(start, end));
    start = end;
  }
  return pieces;
}

/** True when a cut before `index` would separate a high surrogate from its low surrogate. */
function isInsideSurrogatePair(text: string, index: number): boolean {
  const before = text.charCodeAt(index - 1);
  const after = text.charCodeAt(index);
  return before >= 0xd800 && before <= 0xdbff && after >= 0xdc00 && after <= 0xdfff;
}
