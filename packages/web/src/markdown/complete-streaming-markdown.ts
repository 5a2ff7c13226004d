const fencePattern = /^ {0,3}(`{3,}|~{3,})/;

/** Whether the text ends inside a fenced code block: markdown draws an unclosed fence as code already. */
function endsInsideFence(lines: readonly string[]): boolean {
  let open: string | undefined;
  for (const line of lines) {
    const fence = fencePattern.exec(line)?.[1];
    if (fence === undefined) continue;
    if (open === undefined) open = fence;
    else if (fence[0] === open[0] && fence.length >= open.length) open = undefined;
  }
  return open !== undefined;
}

/**
 * The markers still open at the end of the last paragraph, innermost last: a code span (by the length of its
 * backtick run), `**` and `~~`; and where a link starts whose target has not arrived. Code spans hide the
 * markers inside them, as markdown reads them.
 */
function openConstructs(paragraph: string): { open: string[]; linkStart: number | undefined } {
  const open: string[] = [];
  const toggle = (marker: string) => {
    const at = open.lastIndexOf(marker);
    if (at === -1) open.push(marker);
    else open.splice(at, 1);
  };
  let codeRun = 0;
  let linkStart: number | undefined;
  let index = 0;
  while (index < paragraph.length) {
    const character = paragraph[index];
    if (character === '\\' && codeRun === 0) {
      index += 2;
      continue;
    }
    if (character === '`') {
      let run = 1;
      while (paragraph[index + run] === '`') run += 1;
      if (codeRun === 0) codeRun = run;
      else if (run === codeRun) codeRun = 0;
      index += run;
      continue;
    }
    if (codeRun > 0) {
      index += 1;
      continue;
    }
    const marker = paragraph.startsWith('**', index) ? '**' : paragraph.startsWith('~~', index) ? '~~' : '';
    if (marker !== '') {
      toggle(marker);
      index += 2;
      continue;
    }
    if (character === '[') linkStart = index;
    else if (character === ')') linkStart = undefined;
    index += 1;
  }
  if (codeRun > 0) open.push('`'.repeat(codeRun));
  const target = linkStart === undefined ? -1 : paragraph.indexOf('](', linkStart);
  return { open, linkStart: target === -1 ? undefined : linkStart };
}

/**
 * Markdown cut mid-stream, made to read as it will once complete: a code span, bold or strikethrough still
 * open at the end is closed (a reply paused after "`ANTHROPIC_API" shows code, not a stray backtick), and a
 * link whose address is still arriving shows its text alone. Only for text that is still growing; the
 * finished reply is rendered as it is.
 */
export function completeStreamingMarkdown(text: string): string {
  if (endsInsideFence(text.split('\n'))) return text;
  const paragraphStart = text.lastIndexOf('\n\n') + 1;
  let paragraph = text.slice(paragraphStart);
  const { linkStart } = openConstructs(paragraph);
  if (linkStart !== undefined) {
    const link = paragraph.slice(linkStart);
    paragraph = paragraph.slice(0, linkStart) + link.slice(1, link.indexOf(']('));
  }
  const { open } = openConstructs(paragraph);
  return text.slice(0, paragraphStart) + paragraph + open.reverse().join('');
}
