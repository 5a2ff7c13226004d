import { memo, useMemo } from 'react';
import { renderMarkdown } from '../markdown/render-markdown.ts';

/** Model prose as sanitised markdown, re-rendered as the text streams in. */
export const ProseBlock = memo(function ProseBlock({ text }: { text: string }) {
  const html = useMemo(() => renderMarkdown(text), [text]);
  // renderMarkdown sanitises with DOMPurify; nothing unsanitised reaches the DOM.
  // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised above.
  return <div className="prose" dangerouslySetInnerHTML={{ __html: html }} />;
});
