import DOMPurify from 'dompurify';
import { marked } from 'marked';

let linkHookInstalled = false;

function installLinkHook(): void {
  if (linkHookInstalled) {
    return;
  }
  linkHookInstalled = true;
  // Runs after sanitising so the attributes we add are not stripped again.
  DOMPurify.addHook('afterSanitizeAttributes', (node) => {
    if (node.tagName === 'A' && node.hasAttribute('href')) {
      node.setAttribute('target', '_blank');
      node.setAttribute('rel', 'noopener noreferrer');
    }
  });
}

/** Renders model prose (markdown, possibly cut mid-stream) to sanitised HTML; links open in a new tab. */
export function renderMarkdown(markdown: string): string {
  installLinkHook();
  const html = marked.parse(markdown, { async: false, gfm: true, breaks: false });
  return DOMPurify.sanitize(html, { USE_PROFILES: { html: true }, FORBID_TAGS: ['style', 'form'] });
}
