/**
 * The fenced code blocks of a markdown file, for the tests that check the examples in `docs/` and the README.
 * A block's info string is its language and then words that say what it is (```` ```json render_table ````,
 * ```` ```ts at=packages/server/src/example.ts ````); both are kept as written, the language lower-cased.
 */
export interface MarkdownCodeBlock {
  /** `<file>:<line of the opening fence>`. */
  location: string;
  language: string;
  /** The words after the language in the info string. */
  words: string[];
  /** The first line of the block's content, 1-based in its file. */
  firstLine: number;
  text: string;
}

/** Every fenced block of `markdown`, in order; `file` names it in each block's location. */
export function markdownCodeBlocks({
  markdown,
  file,
}: {
  markdown: string;
  file: string;
}): MarkdownCodeBlock[] {
  const blocks: MarkdownCodeBlock[] = [];
  let open: { fence: string; language: string; words: string[]; line: number } | undefined;
  let body: string[] = [];
  for (const [index, line] of markdown.split('\n').entries()) {
    if (open === undefined) {
      const opening = /^ {0,3}(`{3,}|~{3,})\s*([\w-]*)((?:\s+\S+)*)\s*$/.exec(line);
      if (opening) {
        open = {
          fence: opening[1] ?? '```',
          language: (opening[2] ?? '').toLowerCase(),
          words: (opening[3] ?? '').split(/\s+/).filter((word) => word !== ''),
          line: index + 1,
        };
        body = [];
      }
      continue;
    }
    const closing = /^ {0,3}(`{3,}|~{3,})\s*$/.exec(line);
    if (closing?.[1]?.startsWith(open.fence[0] ?? '`') && closing[1].length >= open.fence.length) {
      blocks.push({
        location: `${file}:${open.line}`,
        language: open.language,
        words: open.words,
        firstLine: open.line + 1,
        text: body.join('\n'),
      });
      open = undefined;
      continue;
    }
    body.push(line);
  }
  return blocks;
}
