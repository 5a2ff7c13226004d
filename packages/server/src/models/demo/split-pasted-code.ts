/** A message cut into what the person wrote in words and whether it also carried code. */
export interface SplitMessage {
  /** The lines that read as words, joined; fenced blocks, inline code spans and code-like lines removed. */
  prose: string;
  /** Whether anything was removed as code. */
  hasCode: boolean;
}

// A line of code as people paste it: a statement or declaration, a brace or bracket of a block, a tag, a
// comment, a CSS rule, or a line that ends like one (`;`, `{`, `}`, `=>`, `)` after an argument list). No
// pattern nests quantifiers: each is linear in the line, whatever a person pastes.
const codeLinePatterns: readonly RegExp[] = [
  /^(const|let|var)\s+[\w$[\]{}, ]+\s*=/,
  /^(export\s+(default\s+)?)?(async\s+)?function\b[\w$\s]*\(/,
  /^import\s[^'"]*\bfrom\s*['"]|^import\s*['"]/,
  /^export\s+(default|const|let|var|class|function|type|interface)\b/,
  /^class\s+[\w$]+.*\{$/,
  /^(if|for|while|switch|catch)\s*\(.*\)\s*\{?$/,
  /^(else|try|finally)\s*\{/,
  /^return\b.*;$/,
  /^def\s+\w+\s*\(.*\)\s*:$/,
  /^#include\s*[<"]/,
  /^(\/\/|\/\*|\*\/|#!|<!--)/,
  /^<\/?[a-z][\w-]*(\s[^>]*)?\/?>/i,
  /^[}\])]+[;,)]*$/,
  /[;{]\s*$/,
  /=>\s*\{?\s*$/,
  /^[\w$.[\]]+\s*(=|\+=|-=)\s*\S.*[;)]$/,
  /^[\w$.]+\(.*\)\s*;?$/,
  /^[^{}]+\{[^{}]*:[^{}]*\}$/,
  /^@@[A-Z]+/,
];

/** Whether one line (trimmed) reads as code rather than words. */
export function isCodeLine(line: string): boolean {
  const trimmed = line.trim();
  if (trimmed === '') return false;
  return codeLinePatterns.some((pattern) => pattern.test(trimmed));
}

/**
 * Cuts the code out of a message, so a demo that picks replies by their words answers what the person asked
 * rather than what their code happens to say (a pasted `new THREE.Line(...)` is not a request for a line
 * chart). Fenced blocks go whole, inline code spans go, and so does every line that reads as code.
 */
export function splitPastedCode(text: string): SplitMessage {
  let hasCode = false;
  const withoutFences = text.replace(/```[\s\S]*?(```|$)/g, () => {
    hasCode = true;
    return '\n';
  });
  const withoutSpans = withoutFences.replace(/`[^`\n]+`/g, () => {
    hasCode = true;
    return ' ';
  });
  const prose: string[] = [];
  for (const line of withoutSpans.split('\n')) {
    if (isCodeLine(line)) hasCode = true;
    else prose.push(line);
  }
  return { prose: prose.join('\n').trim(), hasCode };
}
