import type { RenderMarkdownOptions } from './render-markdown.ts';

/** Turns model prose (markdown, possibly cut mid-stream) into sanitised HTML, colouring code when it can. */
export type MarkdownRenderer = (text: string, options?: RenderMarkdownOptions) => string;

let loading: Promise<MarkdownRenderer> | undefined;
let loaded: MarkdownRenderer | undefined;

/**
 * Loads the markdown parser and sanitiser (marked + DOMPurify, a fifth of the page's script) in a chunk of
 * their own, once: an empty chat paints without them, and they arrive before the first reply does.
 */
export function loadMarkdownRenderer(): Promise<MarkdownRenderer> {
  loading ??= import('./render-markdown.ts').then(({ renderMarkdown }) => {
    loaded = renderMarkdown;
    return renderMarkdown;
  });
  return loading;
}

/** The renderer if its chunk has arrived, so prose shown after that renders in the same paint. */
export function loadedMarkdownRenderer(): MarkdownRenderer | undefined {
  return loaded;
}
