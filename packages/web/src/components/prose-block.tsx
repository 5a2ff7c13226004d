import { memo, useEffect, useMemo, useRef, useState } from 'react';
import { completeStreamingMarkdown } from '../markdown/complete-streaming-markdown.ts';
import { copyCodeAttribute, copyCodeLabelClass } from '../markdown/decorate-code-block.ts';
import {
  hasFencedCode,
  loadCodeHighlighter,
  loadedCodeHighlighter,
} from '../markdown/load-code-highlighter.ts';
import { loadedMarkdownRenderer, loadMarkdownRenderer } from '../markdown/load-markdown-renderer.ts';
import { copyFeedbackMs, copyToClipboard } from './copy-to-clipboard.ts';

/** Loads a chunk once when `wanted`, and holds what it gave; what already arrived is there at once. */
function useLoaded<Value>(wanted: boolean, loaded: () => Value | undefined, load: () => Promise<Value>) {
  const [value, setValue] = useState(loaded);
  useEffect(() => {
    if (!wanted || value !== undefined) return;
    let mounted = true;
    void load().then((arrived) => {
      if (mounted) setValue(() => arrived);
    });
    return () => {
      mounted = false;
    };
  }, [wanted, value, load]);
  return value;
}

/**
 * Model prose (or a message the user typed, `source="user"`) as sanitised markdown, re-rendered as the text
 * streams in; while `streaming`, a construct the text has opened but not yet closed is drawn closed. Until
 * the markdown chunk has arrived the text shows as it is, so nothing waits on it to be read; code blocks are
 * coloured once the highlighter's chunk (loaded only for prose with a fenced block) has arrived, and copy
 * with their button.
 */
export const ProseBlock = memo(function ProseBlock({
  text,
  source = 'model',
  streaming = false,
}: {
  text: string;
  source?: 'model' | 'user';
  streaming?: boolean;
}) {
  const renderMarkdown = useLoaded(true, loadedMarkdownRenderer, loadMarkdownRenderer);
  const highlightCode = useLoaded(hasFencedCode(text), loadedCodeHighlighter, loadCodeHighlighter);
  const html = useMemo(
    () =>
      renderMarkdown?.(streaming ? completeStreamingMarkdown(text) : text, {
        source,
        ...(highlightCode === undefined ? {} : { highlightCode }),
      }),
    [renderMarkdown, highlightCode, text, source, streaming],
  );
  const className = source === 'user' ? 'prose prose--user' : 'prose';
  const containerRef = useRef<HTMLDivElement>(null);

  // One listener for every copy button the rendered HTML holds (they are not React elements).
  // biome-ignore lint/correctness/useExhaustiveDependencies: the container is mounted only once html exists.
  useEffect(() => {
    const container = containerRef.current;
    if (container === null) return;
    const handleClick = async (event: MouseEvent) => {
      const button = (event.target as Element | null)?.closest<HTMLButtonElement>(`[${copyCodeAttribute}]`);
      if (!button) return;
      const code = button.closest('.code-block')?.querySelector('pre > code')?.textContent ?? '';
      const word = button.querySelector(`.${copyCodeLabelClass}`);
      if (word === null) return;
      word.textContent = (await copyToClipboard(code)) ? 'Copied' : 'Copy failed';
      window.setTimeout(() => {
        word.textContent = 'Copy';
      }, copyFeedbackMs);
    };
    container.addEventListener('click', handleClick);
    return () => container.removeEventListener('click', handleClick);
  }, [html]);

  if (html === undefined) return <div className={`${className} prose--plain`}>{text}</div>;
  // renderMarkdown sanitises with DOMPurify; nothing unsanitised reaches the DOM.
  // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised above.
  return <div ref={containerRef} className={className} dangerouslySetInnerHTML={{ __html: html }} />;
});
