/**
 * The lines of code in a TypeScript, JavaScript or CSS file: lines that are neither blank nor only a comment
 * (`//`, a block comment's lines, a JSX comment). How examples/README.md counts a team's integration code.
 */
export function countCodeLines(text: string): number {
  let inBlockComment = false;
  let count = 0;
  for (const rawLine of text.split('\n')) {
    const line = rawLine.trim();
    if (inBlockComment) {
      if (line.includes('*/')) inBlockComment = false;
      continue;
    }
    if (line === '' || line.startsWith('//')) continue;
    if (line.startsWith('/*') || line.startsWith('{/*')) {
      if (!line.includes('*/')) inBlockComment = true;
      continue;
    }
    count += 1;
  }
  return count;
}
