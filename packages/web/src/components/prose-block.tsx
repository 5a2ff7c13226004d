import { memo, useEffect, useMemo, useState } from 'react';
import { loadedMarkdownRenderer, loadMarkdownRenderer } from '../markdown/load-markdown-renderer.ts';

/**
 * Model prose as sanitised markdown, re-rendered as the text streams in. Until the markdown chunk has
 * arrived the text shows as it is, so nothing waits on it to be read.
 */
export const ProseBlock = memo(function ProseBlock({ text }: { text: string }) {
  const [renderMarkdown, setRenderMarkdown] = useState(loadedMarkdownRenderer);
  useEffect(() => {
    if (renderMarkdown !== undefined) return;
    let mounted = true;
    void loadMarkdownRenderer().then((renderer) => {
      if (mounted) setRenderMarkdown(() => renderer);
    });
    return () => {
      mounted = false;
    };
  }, [renderMarkdown]);
  const html = useMemo(() => renderMarkdown?.(text), [renderMarkdown, text]);
  if (html === undefined) return <div className="prose prose--plain">{text}</div>;
  // renderMarkdown sanitises with DOMPurify; nothing unsanitised reaches the DOM.
  // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised above.
  return <div className="prose" dangerouslySetInnerHTML={{ __html: html }} />;
});
