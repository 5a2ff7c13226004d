/** Turns code in a named language into highlighted HTML, or `undefined` for a language it does not know. */
export type CodeHighlighter = (input: { code: string; language: string }) => string | undefined;

let loading: Promise<CodeHighlighter> | undefined;
let loaded: CodeHighlighter | undefined;

/**
 * Loads highlight.js with the common languages in a chunk of its own, once, when the first reply with a
 * fenced code block is shown: most chats never need it.
 */
export function loadCodeHighlighter(): Promise<CodeHighlighter> {
  loading ??= import('./highlight-code.ts').then(({ highlightCode }) => {
    loaded = highlightCode;
    return highlightCode;
  });
  return loading;
}

/** The highlighter if its chunk has arrived, so code shown after that is highlighted in the same paint. */
export function loadedCodeHighlighter(): CodeHighlighter | undefined {
  return loaded;
}

/** Whether prose has a fenced code block, so its highlighter is worth loading. */
export function hasFencedCode(text: string): boolean {
  return /^ {0,3}(```|~~~)/m.test(text);
}
