/** One line of a diff: kept in both texts, only in the earlier one, or only in the later one. */
export interface DiffLine {
  kind: 'same' | 'removed' | 'added';
  text: string;
}

// Past this many cells the table would cost too much; the changed middle is then shown removed and added.
const largestTable = 4_000_000;

function splitLines(text: string): string[] {
  if (text === '') return [];
  const lines = text.split('\n');
  if (lines.at(-1) === '') lines.pop();
  return lines;
}

/**
 * The lines of `before` and `after` aligned by their longest common subsequence. The common head and tail
 * are matched first, so an edit of a few lines in a long part costs a table of only the changed middle.
 */
export function diffLines({ before, after }: { before: string; after: string }): DiffLine[] {
  const old = splitLines(before);
  const next = splitLines(after);
  let head = 0;
  while (head < old.length && head < next.length && old[head] === next[head]) head += 1;
  let tail = 0;
  while (
    tail < old.length - head &&
    tail < next.length - head &&
    old[old.length - 1 - tail] === next[next.length - 1 - tail]
  )
    tail += 1;
  const oldMiddle = old.slice(head, old.length - tail);
  const nextMiddle = next.slice(head, next.length - tail);
  const same = (text: string): DiffLine => ({ kind: 'same', text });
  return [
    ...old.slice(0, head).map(same),
    ...diffMiddle(oldMiddle, nextMiddle),
    ...old.slice(old.length - tail).map(same),
  ];
}

function diffMiddle(old: string[], next: string[]): DiffLine[] {
  const removed = (text: string): DiffLine => ({ kind: 'removed', text });
  const added = (text: string): DiffLine => ({ kind: 'added', text });
  if (old.length === 0 || next.length === 0 || old.length * next.length > largestTable)
    return [...old.map(removed), ...next.map(added)];
  // lengths[i][j]: the longest common subsequence of old[i..] and next[j..].
  const width = next.length + 1;
  const lengths = new Uint32Array((old.length + 1) * width);
  for (let i = old.length - 1; i >= 0; i -= 1) {
    for (let j = next.length - 1; j >= 0; j -= 1) {
      lengths[i * width + j] =
        old[i] === next[j]
          ? lengths[(i + 1) * width + j + 1]! + 1
          : Math.max(lengths[(i + 1) * width + j]!, lengths[i * width + j + 1]!);
    }
  }
  const lines: DiffLine[] = [];
  let i = 0;
  let j = 0;
  while (i < old.length && j < next.length) {
    if (old[i] === next[j]) {
      lines.push({ kind: 'same', text: old[i]! });
      i += 1;
      j += 1;
    } else if (lengths[(i + 1) * width + j]! >= lengths[i * width + j + 1]!) {
      lines.push(removed(old[i]!));
      i += 1;
    } else {
      lines.push(added(next[j]!));
      j += 1;
    }
  }
  return [...lines, ...old.slice(i).map(removed), ...next.slice(j).map(added)];
}
